// A still taken by the server from the camera's live stream (never from the browser's picture): the
// current group of pictures, from its keyframe, is decoded by ffmpeg and its last frame written as
// a JPEG. It reads the stream the viewers already read: no second connection to the camera.
import { spawn } from 'node:child_process';
import type { Fragment, InitSegment } from '../video/fmp4';
import type { CameraUpstream } from '../video/upstream';

/** Longest wait for a keyframe from a stream that is just starting. */
export const STILL_WAIT_MS = 8000;
const MAX_JPEG_BYTES = 10 * 1024 * 1024;

/** The init segment and the fragments from the latest keyframe; null when none came in time. */
export function currentPicture(up: CameraUpstream, waitMs = STILL_WAIT_MS) {
  return new Promise<{ init: InitSegment; frames: Fragment[] } | null>((resolve) => {
    let init: InitSegment | null = null;
    let frames: Fragment[] = [];
    let settled = false;
    const finish = (v: { init: InitSegment; frames: Fragment[] } | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      queueMicrotask(leave);
      resolve(v);
    };
    const timer = setTimeout(() => finish(null), waitMs);
    const leave = up.add({
      init: (i) => {
        init = i;
      },
      fragment: (f) => {
        if (f.keyframe) frames = [];
        if (f.keyframe || frames.length > 0) frames.push(f);
      },
      interrupted: () => finish(null),
    });
    // A running stream gave its current group at once; a starting one gives it with its first keyframe.
    const check = setInterval(() => {
      if (settled) clearInterval(check);
      else if (init && frames.length > 0) {
        clearInterval(check);
        finish({ init, frames: [...frames] });
      }
    }, 10);
    if (init && frames.length > 0) {
      clearInterval(check);
      finish({ init, frames: [...frames] });
    }
  });
}

/** The last frame of a group of pictures as a JPEG, decoded by ffmpeg. */
export function jpegOf(ffmpegPath: string, init: InitSegment, frames: Fragment[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'mp4',
        '-i',
        'pipe:0',
        '-vf',
        `select=eq(n\\,${frames.length - 1})`,
        '-fps_mode',
        'passthrough',
        '-frames:v',
        '1',
        '-c:v',
        'mjpeg',
        '-q:v',
        '3',
        '-f',
        'image2pipe',
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const out: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_JPEG_BYTES) child.kill('SIGKILL');
      else out.push(d);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const jpeg = Buffer.concat(out);
      if (code === 0 && jpeg.length > 0 && jpeg[0] === 0xff && jpeg[1] === 0xd8) resolve(jpeg);
      else reject(new Error(`ffmpeg still failed (${code})`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.write(init.bytes);
    for (const f of frames) child.stdin.write(f.bytes);
    child.stdin.end();
  });
}
