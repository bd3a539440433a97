// Files kept in the database (a tenant table under RLS, so every instance and every backup has
// them). The interface hides the store: an S3-compatible store can replace it later.
import type { Tx } from '../../db/client';
import { AppError, invalid } from '../../plugins/errors';
import * as repo from './files.repository';

const imageFormats = new Set(['jpeg', 'png', 'webp']);

/**
 * An uploaded photo: its type is read from the bytes (never the name), it is re-encoded (which also
 * drops EXIF data such as a phone's GPS position) to WebP within `maxSide` pixels.
 */
export async function normaliseImage(
  bytes: Buffer,
  opts: { maxBytes: number; maxSide: number; loc: string[] },
) {
  if (bytes.length > opts.maxBytes) {
    throw new AppError(
      413,
      'files.too_large',
      `L'image ne doit pas dépasser ${Math.round(opts.maxBytes / 1048576)} Mo`,
    );
  }
  // sharp (libvips, ~12 MB resident) is loaded with the first photo, not with the server.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !imageFormats.has(format)) {
    throw invalid(opts.loc, "Format d'image non pris en charge : JPEG, PNG ou WebP uniquement", 'files.type');
  }
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(opts.maxSide, opts.maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalid(opts.loc, 'Image illisible ou endommagée', 'files.corrupt');
  }
}

export async function storeFile(
  tx: Tx,
  companyId: string,
  file: { kind: string; contentType: string; data: Buffer },
) {
  return repo.insertFile(tx, companyId, file);
}

export async function readFile(tx: Tx, companyId: string, id: string) {
  return repo.findFile(tx, companyId, id);
}

export async function deleteFile(tx: Tx, companyId: string, id: string) {
  await repo.deleteFile(tx, companyId, id);
}
