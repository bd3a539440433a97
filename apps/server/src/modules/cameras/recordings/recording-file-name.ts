// The one name a still or a clip is downloaded under (Content-Disposition): the web saves the file
// under it rather than building its own.

/** `capture-<camera>-<UTC yyyymmdd-hhmmss>.jpg` or `clip-….mp4`, in ASCII. */
export function recordingFileName(kind: 'still' | 'clip', cameraName: string, startedAt: Date) {
  const stamp = startedAt.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const base = `${kind === 'still' ? 'capture' : 'clip'}-${cameraName}-${stamp}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${base}.${kind === 'still' ? 'jpg' : 'mp4'}`;
}
