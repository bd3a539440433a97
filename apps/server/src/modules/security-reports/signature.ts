// The drawn signature: base64 (a data URL from signature_pad, or bare), its type read from the bytes
// and re-encoded by the files module, then kept as PNG, the format pdfkit, docx and exceljs all draw.
import { maxSignatureBytes } from '@vigie/contract/security-reports.contract';
import { normaliseImage } from '../files/files.service';
import { securityReportErrors } from './security-reports.errors';

const loc = ['body', 'responsibleSignature'];

export async function signaturePng(text: string): Promise<Buffer> {
  const payload = text.replace(/^data:image\/[a-z+.-]+;base64,/i, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1 || payload.length === 0) {
    throw securityReportErrors.signatureBase64();
  }
  const bytes = Buffer.from(payload, 'base64');
  const webp = await normaliseImage(bytes, { maxBytes: maxSignatureBytes, maxSide: 1200, loc });
  // Loaded by normaliseImage above already: this import is the module's cached one.
  const { default: sharp } = await import('sharp');
  return sharp(webp).png({ compressionLevel: 9 }).toBuffer();
}
