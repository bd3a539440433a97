// The pre-alarm buffer: a stream held open keeps whole groups of pictures covering the last
// seconds, and an alarm's clip starts with them (from a keyframe), some seconds before the alarm.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RtspTestCamera } from '../../../demo/rtsp-camera';
import { ClipRecorder } from '../recordings/clip-recorder';
import { findFfmpeg } from './ffmpeg';
import { VideoGateway } from './video-gateway';

const ffmpeg = findFfmpeg(process.env.FFMPEG_PATH ?? 'ffmpeg');

describe.skipIf(!ffmpeg)('pre-alarm buffer', () => {
  let cam: RtspTestCamera;
  let gateway: VideoGateway;
  beforeAll(async () => {
    cam = new RtspTestCamera();
    await cam.listen();
    await cam.startStream('pre', { fps: 25, gop: 25, width: 320, height: 180 });
    gateway = new VideoGateway({
      ffmpegPath: ffmpeg,
      lingerMs: 100,
      maxStreams: 4,
      source: async () => ({ url: cam.url('pre'), transcode: false }),
      log: () => {},
    });
  });
  afterAll(async () => {
    gateway?.stopAll();
    await cam?.close();
  });

  it('keeps about the last seconds from a keyframe, and a clip starts with them', async () => {
    const up = gateway.upstream('company', 'camera', 2);
    const release = up.hold();
    await new Promise((r) => setTimeout(r, 4500));
    const pre = up.preAlarm();
    expect(pre[0]?.keyframe).toBe(true);
    // At least the 2 s asked, at most one more group of pictures (1 s at 25 frames a second).
    expect(pre.length).toBeGreaterThanOrEqual(2 * 25 - 3);
    expect(pre.length).toBeLessThanOrEqual(3 * 25 + 3);

    const chunks: Buffer[] = [];
    const recorder = new ClipRecorder(
      { append: async (_seq, data) => void chunks.push(data), finish: async () => {} },
      1000,
      pre,
    );
    const leave = up.add(recorder);
    await recorder.done;
    leave();
    release();
    const dir = mkdtempSync(join(tmpdir(), 'vigie-pre-'));
    writeFileSync(join(dir, 'clip.mp4'), Buffer.concat(chunks));
    const probe = spawnSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', join(dir, 'clip.mp4')],
      { encoding: 'utf8' },
    );
    const duration = Number(JSON.parse(probe.stdout).format.duration);
    // The buffered seconds, then the second recorded after the alarm.
    expect(duration).toBeGreaterThan(2.5);
    expect(duration).toBeLessThan(5);
  });
});
