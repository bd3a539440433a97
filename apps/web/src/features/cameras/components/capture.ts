// "Capture d'écran": saves the camera's current image as a JPEG file.
import { saveBlob } from '../../../lib/download';

async function toJpeg(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/jpeg') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((jpeg) => (jpeg ? resolve(jpeg) : reject(new Error('encode'))), 'image/jpeg', 0.92),
  );
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'camera';

const stamp = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
};

export async function downloadCapture(blob: Blob, cameraName: string) {
  const jpeg = await toJpeg(blob);
  // A capture of the picture on screen, taken in the browser: named here, at the viewer's time.
  saveBlob(jpeg, `capture-${slug(cameraName)}-${stamp(new Date())}.jpg`);
}
