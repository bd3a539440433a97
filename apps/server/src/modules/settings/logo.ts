// The company's logo, printed on report documents by pdfkit, which draws PNG and JPEG only (not
// WebP, files.normaliseImage's output): the upload's type is read from its bytes, and it is
// re-encoded in its own format within 1024 pixels, which also drops metadata (EXIF, GPS).
import { maxLogoBytes } from '@vigie/contract/settings.contract';
import { invalid } from '../../plugins/errors';
import { settingsErrors } from './settings.errors';

export type LogoType = 'image/png' | 'image/jpeg';
const loc = ['body', 'image'];

/** The bytes of a base64 image, with or without a `data:` URL prefix. */
export function decodeBase64Image(text: string): Buffer {
  const payload = text.replace(/^data:image\/[a-z+.-]+;base64,/i, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1) {
    throw invalid(loc, "L'image doit être encodée en base64", 'settings.logo_base64');
  }
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length === 0) throw invalid(loc, "L'image est vide", 'settings.logo_empty');
  if (bytes.length > maxLogoBytes) throw settingsErrors.logoTooLarge();
  return bytes;
}

export async function normaliseLogo(bytes: Buffer): Promise<{ data: Buffer; contentType: LogoType }> {
  // sharp (libvips) is loaded with the first image, not with the server.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== 'png' && format !== 'jpeg') {
    throw invalid(loc, 'Format de logo non pris en charge : PNG ou JPEG uniquement', 'settings.logo_type');
  }
  try {
    const image = sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true });
    return format === 'png'
      ? { data: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png' }
      : { data: await image.jpeg({ quality: 90 }).toBuffer(), contentType: 'image/jpeg' };
  } catch {
    throw invalid(loc, 'Image illisible ou endommagée', 'settings.logo_corrupt');
  }
}
