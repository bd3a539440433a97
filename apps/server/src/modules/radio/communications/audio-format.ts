// The type of a recording, read from its bytes (never from a name or a header the sender chose).
const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((v, i) => b[at + i] === v);

export function audioTypeOf(b: Buffer): string | null {
  if (b.length < 12) return null;
  if (startsWith(b, [0x4f, 0x67, 0x67, 0x53])) return 'audio/ogg'; // OggS
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return 'audio/webm'; // EBML (WebM/Matroska)
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x41, 0x56, 0x45], 8))
    return 'audio/wav';
  if (startsWith(b, [0x49, 0x44, 0x33])) return 'audio/mpeg'; // ID3 tag
  if (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) return 'audio/mpeg'; // MPEG frame sync
  return null;
}

export const audioExtension: Record<string, string> = {
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
};
