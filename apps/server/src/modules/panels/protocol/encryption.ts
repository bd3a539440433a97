// DC-09 encryption: AES-CBC (128, 192 or 256 bits by the key's length) with an all-zero IV, no
// cipher padding; the plaintext is made a multiple of 16 bytes by padding characters written in
// front, then `|`, then the data from after `[` up to and including the timestamp. Some panels send
// the padding without the `|`: both are read.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type Dc09Frame, type FrameResult, fail, parseTail } from './frame';
import { decodeWindows1252, encodeWindows1252 } from './windows-1252';

const zeroIv = Buffer.alloc(16);

function algorithm(key: Buffer): string | undefined {
  if (key.length === 16) return 'aes-128-cbc';
  if (key.length === 24) return 'aes-192-cbc';
  if (key.length === 32) return 'aes-256-cbc';
  return undefined;
}

// Padding characters: printable, and never one of `|[]#` so that the padding cannot be mistaken for
// the separator or the start of the data.
const padAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function padding(count: number): string {
  const bytes = randomBytes(count);
  return Array.from(bytes, (b) => padAlphabet[b % padAlphabet.length]).join('');
}

/**
 * Encrypts `content` (what follows `[`: data, `]`, x-data, timestamp) to upper-case hexadecimal.
 * `pipe: false` writes the padding without the `|`, as some panels do (for the tests' dialler).
 */
export function encryptContent(content: string, key: Buffer, options: { pipe?: boolean } = {}): string {
  const algo = algorithm(key);
  if (!algo) throw new Error('AES key must be 16, 24 or 32 bytes');
  const pipe = options.pipe ?? true;
  const body = encodeWindows1252(content);
  const used = body.length + (pipe ? 1 : 0);
  // At least one padding character, as panels send (a full block when already aligned).
  const padCount = 16 - (used % 16);
  const plain = Buffer.concat([Buffer.from(padding(padCount) + (pipe ? '|' : ''), 'latin1'), body]);
  const cipher = createCipheriv(algo, key, zeroIv);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(plain), cipher.final()])
    .toString('hex')
    .toUpperCase();
}

/** Decrypts hexadecimal ciphertext to text; undefined when the key or the blocks are wrong. */
export function decryptContent(hex: string, key: Buffer): string | undefined {
  const algo = algorithm(key);
  if (!algo || hex.length === 0 || hex.length % 32 !== 0 || !/^[0-9A-F]+$/i.test(hex)) return undefined;
  try {
    const decipher = createDecipheriv(algo, key, zeroIv);
    decipher.setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(Buffer.from(hex, 'hex')), decipher.final()]);
    return decodeWindows1252(plain);
  } catch {
    return undefined;
  }
}

/**
 * Removes the padding from decrypted text. With the `|`: everything up to the first `|`, unless that
 * `|` is the one after `#<account>` (padding sent without its `|`), recognised by the account the
 * header names. Without any `|` (a NULL frame or an ACK padded without it): everything before `]`.
 */
export function stripPadding(plain: string, account: string): string {
  const pipe = plain.indexOf('|');
  if (pipe < 0) {
    const close = plain.indexOf(']');
    return close < 0 ? plain : plain.slice(close);
  }
  const before = plain.slice(0, pipe);
  const accountMark = `#${account}`.toUpperCase();
  if (before.toUpperCase().endsWith(accountMark)) return plain.slice(pipe - accountMark.length);
  return plain.slice(pipe + 1);
}

/**
 * Decrypts an encrypted frame with the panel's key: the same frame with its data, x-data and
 * timestamp, or a 'decrypt' failure (wrong key, corrupt blocks, or no timestamp, which DC-09 makes
 * mandatory when encrypted): the receiver answers DUH. A frame that is not encrypted comes back as is.
 */
export function decryptFrame(frame: Dc09Frame, key: Buffer): FrameResult {
  if (!frame.encrypted || frame.ciphertext === undefined) return { ok: true, frame };
  const { ciphertext, ...header } = frame;
  const plain = decryptContent(ciphertext, key);
  if (plain === undefined) return fail('decrypt', 'déchiffrement impossible (clé ou blocs)', header);
  const tail = parseTail(stripPadding(plain, frame.account));
  if (!tail) return fail('decrypt', 'contenu déchiffré illisible (clé incorrecte ?)', header);
  if (!tail.timestamp) return fail('decrypt', 'horodatage absent d’une trame chiffrée', header);
  return { ok: true, frame: { ...header, ...tail } };
}
