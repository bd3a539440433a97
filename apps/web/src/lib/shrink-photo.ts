// A phone picture made smaller before sending: 1280 px at most, JPEG (the server re-encodes it).
// Shared by the control room's main courante form and the agent space (entries, checkpoint anomalies).

/** The data URL of `file` resized to 1280 px on its longer side, under `maxBytes` if it can be. */
export async function shrinkPhoto(file: File, maxBytes: number): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, 1280 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const fine = canvas.toDataURL('image/jpeg', 0.72);
  return fine.length <= (maxBytes * 4) / 3 ? fine : canvas.toDataURL('image/jpeg', 0.45);
}
