// The drawn signature closing an alarm's file, decoded as the security reports' one is: base64 (a
// data URL from signature_pad, or bare), its type read from the bytes and re-encoded by the files
// module (which refuses what is not JPEG, PNG or WebP, and what is too large), then kept as PNG, the
// format pdfkit draws.
import { createHash } from 'node:crypto';
import { maxSignatureBytes } from '@vigie/contract/security-reports.contract';
import { normaliseImage } from '../../files/files.service';
import { alarmFileErrors as errors } from './alarm-file.errors';

const loc = ['body', 'signature'];

export async function signaturePng(text: string): Promise<{ png: Buffer; sha256: string }> {
  const payload = text.replace(/^data:image\/[a-z+.-]+;base64,/i, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1 || payload.length === 0)
    throw errors.signatureBase64();
  const webp = await normaliseImage(Buffer.from(payload, 'base64'), {
    maxBytes: maxSignatureBytes,
    maxSide: 1200,
    loc,
  });
  // Loaded by normaliseImage above already: this import is the module's cached one.
  const { default: sharp } = await import('sharp');
  const png = await sharp(webp).png({ compressionLevel: 9 }).toBuffer();
  return { png, sha256: createHash('sha256').update(png).digest('hex') };
}
