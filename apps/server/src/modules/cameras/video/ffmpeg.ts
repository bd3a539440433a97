// Whether this server can show video: ffmpeg (Debian's package, or FFMPEG_PATH) answers `-version`.
// `npm start` works without it; the live view then says why there is no picture.
import { spawnSync } from 'node:child_process';

/** ffmpeg's path when it runs here, else null. */
export function findFfmpeg(path: string): string | null {
  try {
    const r = spawnSync(path, ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 5000 });
    return r.status === 0 ? path : null;
  } catch {
    return null;
  }
}
