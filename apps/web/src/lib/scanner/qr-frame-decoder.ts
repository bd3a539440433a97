// Continuous QR reading of the camera's frames with jsQR, loaded on demand; shared by the entrance
// kiosk (badges) and the agent space (checkpoint labels). The cameras feature has its own decoder;
// this one is shaped for a loop: one canvas for the scanner's lifetime (not one per frame, 5 times a
// second on a tablet or phone), frames scaled down to MAX_SIDE, and no inverted second pass (badges
// and labels are printed dark on light) — each halves the time a frame costs on a modest device.

type JsQr = typeof import('jsqr').default;

const MAX_SIDE = 800;

let loading: Promise<JsQr> | null = null;

/** Starts loading jsQR ahead of the first frame (when a scanning screen opens). */
export function loadQrDecoder(): Promise<JsQr> {
  loading ??= import('jsqr').then((module) => module.default);
  return loading;
}

/** A decoder bound to one canvas: returns the text of the QR code in the video's frame, or null. */
export function createFrameDecoder() {
  const canvas = document.createElement('canvas');
  let context: CanvasRenderingContext2D | null = null;
  return async (video: HTMLVideoElement): Promise<string | null> => {
    if (video.readyState < 2 || video.videoWidth === 0) return null;
    const jsQR = await loadQrDecoder();
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.max(1, Math.round(video.videoWidth * scale));
    const height = Math.max(1, Math.round(video.videoHeight * scale));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    context ??= canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(video, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    const code = jsQR(data, width, height, { inversionAttempts: 'dontInvert' });
    return code?.data ? code.data : null;
  };
}
