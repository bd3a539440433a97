// The live view's still image, fetched by the server so that the camera's credentials and its
// network address never reach the browser.
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { SecretBox } from '../../plugins/secrets';
import { cameraErrors } from './cameras.errors';
import { findCameraRow } from './cameras.service';

export const SNAPSHOT_TIMEOUT_MS = 3000;
export const SNAPSHOT_MAX_BYTES = 5 * 1024 * 1024;
const allowedTypes = ['image/jpeg', 'image/png'];

export interface Snapshot {
  contentType: string;
  bytes: Buffer;
}

export async function getSnapshot(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  id: string,
): Promise<Snapshot> {
  // Read the row, then leave the transaction: a slow camera must not hold a database connection.
  const camera = await db.withTenant(auth.companyId, (tx) => findCameraRow(tx, auth.companyId, id));
  if (!camera.snapshotUrl) throw cameraErrors.noSnapshot();
  const password = camera.streamPassword === null ? null : secrets.open(camera.streamPassword);
  // Sealed with another key (SECRETS_KEY changed, or instances with different keys): ask for it again.
  if (password === undefined) throw cameraErrors.credentialsUnreadable();
  return fetchSnapshot(camera.snapshotUrl, camera.streamUsername, password);
}

export async function fetchSnapshot(
  url: string,
  username: string | null,
  password: string | null,
): Promise<Snapshot> {
  const target = new URL(url);
  // Stored URLs are validated, but the scheme is checked again right where the request leaves.
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw cameraErrors.offline();
  const headers: Record<string, string> = { accept: 'image/jpeg, image/png' };
  if (username !== null || password !== null) {
    headers.authorization = `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
  }
  try {
    const res = await fetch(target, {
      headers,
      // A redirect could carry the credentials elsewhere: cameras answer their image directly.
      redirect: 'error',
      signal: AbortSignal.timeout(SNAPSHOT_TIMEOUT_MS),
    });
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!res.ok || !res.body || !allowedTypes.includes(contentType)) {
      await res.body?.cancel();
      throw cameraErrors.offline();
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > SNAPSHOT_MAX_BYTES) {
      await res.body.cancel();
      throw cameraErrors.offline();
    }
    return { contentType, bytes: await readCapped(res.body, SNAPSHOT_MAX_BYTES) };
  } catch (err) {
    // Timeout, refused connection, TLS error, oversize image: to the user, the camera is offline.
    if (err instanceof AppError) throw err;
    throw cameraErrors.offline();
  }
}

async function readCapped(body: ReadableStream<Uint8Array>, max: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw cameraErrors.offline();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
