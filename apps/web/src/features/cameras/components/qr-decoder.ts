// QR decoding with jsQR, loaded on demand so the cameras page chunk stays small.

const MAX_SIDE = 1280;

async function decode(image: CanvasImageSource, width: number, height: number): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(image, 0, 0, w, h);
  const pixels = context.getImageData(0, 0, w, h);
  const code = jsQR(pixels.data, w, h, { inversionAttempts: 'attemptBoth' });
  return code?.data ? code.data : null;
}

/** Text of the QR code in an uploaded picture, or null. */
export async function decodeQrFromFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decode(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** Text of a QR code in the video's current frame, or null. */
export function decodeQrFromVideo(video: HTMLVideoElement): Promise<string | null> {
  if (video.readyState < 2 || video.videoWidth === 0) return Promise.resolve(null);
  return decode(video, video.videoWidth, video.videoHeight);
}

/** Starts loading the decoder ahead of use (when the scan dialog opens). */
export function preloadQrDecoder() {
  void import('jsqr');
}
