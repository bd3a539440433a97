// An AES key as an installer types it. Panel tools show it either in hexadecimal (32, 48 or 64
// digits for 128, 192 or 256 bits) or as ASCII text (16, 24 or 32 characters). A 32-character key
// made only of hexadecimal digits fits both readings (128 bits in hexadecimal, 256 bits in ASCII):
// 'auto' reads it as hexadecimal, and `format` lets the screen ask the installer when
// `isAmbiguousKey` says so.

export type KeyFormat = 'auto' | 'hex' | 'ascii';
export type KeyResult = { ok: true; key: Buffer; format: 'hex' | 'ascii' } | { ok: false; error: string };

const hexPattern = /^[0-9A-Fa-f]+$/;
const asciiPattern = /^[\x20-\x7e]+$/;
const hexLengths = [32, 48, 64];
const asciiLengths = [16, 24, 32];

export const keyFormatError =
  'La clé AES doit comporter 32, 48 ou 64 caractères hexadécimaux (0-9, A-F), ou 16, 24 ou 32 caractères ASCII.';

export function isAmbiguousKey(text: string): boolean {
  const t = text.trim();
  return t.length === 32 && hexPattern.test(t);
}

export function parseAesKey(text: string, format: KeyFormat = 'auto'): KeyResult {
  const t = text.trim();
  const asHex = hexLengths.includes(t.length) && hexPattern.test(t);
  const asAscii = asciiLengths.includes(t.length) && asciiPattern.test(t);
  if ((format === 'auto' || format === 'hex') && asHex) {
    return { ok: true, key: Buffer.from(t, 'hex'), format: 'hex' };
  }
  if ((format === 'auto' || format === 'ascii') && asAscii) {
    return { ok: true, key: Buffer.from(t, 'latin1'), format: 'ascii' };
  }
  if (format === 'hex') {
    return { ok: false, error: 'La clé AES doit comporter 32, 48 ou 64 caractères hexadécimaux (0-9, A-F).' };
  }
  if (format === 'ascii') {
    return { ok: false, error: 'La clé AES doit comporter 16, 24 ou 32 caractères ASCII imprimables.' };
  }
  return { ok: false, error: keyFormatError };
}
