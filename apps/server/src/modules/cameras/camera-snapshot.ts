// The live view's still image, fetched by the server so that the camera's credentials and its
// network address never reach the browser. The request goes through the outbound policy
// (lib/outbound-address.ts): a refused host gets no connection, hence never the credentials.
import type { IncomingMessage } from 'node:http';
import type { Database } from '../../db/client';
import { type OutboundPolicy, OutboundRefusedError, outboundRequest } from '../../lib/outbound-address';
import type { AuthContext } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import type { SecretBox } from '../../plugins/secrets';
import { cameraErrors } from './cameras.errors';
import { findCameraRow } from './cameras.service';

export const SNAPSHOT_TIMEOUT_MS = 3000;
export const SNAPSHOT_MAX_BYTES = 5 * 1024 * 1024;
const allowedTypes = ['image/jpeg', 'image/png'];

/**
 * Snapshot requests per company (CAMERA_SNAPSHOTS_PER_SECOND): a bucket of twice the rate, refilled
 * at the rate. The live wall asks one image per playing tile every 2 s: the default 25 a second is
 * 50 tiles playing at once, more than the control room of a large company watches, and it bounds
 * the outbound requests a company can make the server send.
 */
export const SNAPSHOT_RATE_PER_S = 25;
export const SNAPSHOT_BURST = 2 * SNAPSHOT_RATE_PER_S;

export interface SnapshotLimiter {
  /** Takes one request from the company's bucket; false when it is empty. */
  take(companyId: string): boolean;
}

export function snapshotLimiter(
  ratePerSecond = SNAPSHOT_RATE_PER_S,
  burst = SNAPSHOT_BURST,
  now: () => number = () => performance.now(),
): SnapshotLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(companyId) {
      const t = now();
      const b = buckets.get(companyId) ?? { tokens: burst, at: t };
      b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * ratePerSecond);
      b.at = t;
      if (b.tokens < 1) {
        buckets.set(companyId, b);
        return false;
      }
      b.tokens -= 1;
      buckets.set(companyId, b);
      // Full buckets carry no information: dropped when the map grows, so it stays bounded.
      if (buckets.size > 10_000) {
        for (const [id, v] of buckets)
          if (v.tokens + ((t - v.at) / 1000) * ratePerSecond >= burst) buckets.delete(id);
      }
      return true;
    },
  };
}

export interface Snapshot {
  contentType: string;
  bytes: Buffer;
}

export async function getSnapshot(
  db: Database,
  secrets: SecretBox,
  policy: OutboundPolicy,
  auth: AuthContext,
  id: string,
): Promise<Snapshot> {
  // Read the row, then leave the transaction: a slow camera must not hold a database connection.
  const camera = await db.withTenant(auth.companyId, (tx) => findCameraRow(tx, auth.companyId, id));
  if (!camera.snapshotUrl) throw cameraErrors.noSnapshot();
  const password = camera.streamPassword === null ? null : secrets.open(camera.streamPassword);
  // Sealed with another key (SECRETS_KEY changed, or instances with different keys): ask for it again.
  if (password === undefined) throw cameraErrors.credentialsUnreadable();
  return fetchSnapshot(policy, camera.snapshotUrl, camera.streamUsername, password);
}

export async function fetchSnapshot(
  policy: OutboundPolicy,
  url: string,
  username: string | null,
  password: string | null,
): Promise<Snapshot> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw cameraErrors.offline();
  }
  // Stored URLs are validated, but the scheme is checked again right where the request leaves.
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw cameraErrors.offline();
  const headers: Record<string, string> = { accept: 'image/jpeg, image/png' };
  if (username !== null || password !== null) {
    headers.authorization = `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
  }
  const signal = AbortSignal.timeout(SNAPSHOT_TIMEOUT_MS);
  let res: IncomingMessage | undefined;
  try {
    // The host is checked before any socket: a refused one never receives the credentials. No
    // redirect is followed (it could carry them elsewhere): cameras answer their image directly.
    res = await outboundRequest(policy, target, { headers, signal });
    const status = res.statusCode ?? 0;
    const contentType = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const declared = Number(res.headers['content-length'] ?? '0');
    if (
      status < 200 ||
      status > 299 ||
      !allowedTypes.includes(contentType) ||
      declared > SNAPSHOT_MAX_BYTES
    ) {
      throw cameraErrors.offline();
    }
    return { contentType, bytes: await readCapped(res, SNAPSHOT_MAX_BYTES) };
  } catch (err) {
    if (err instanceof OutboundRefusedError && err.check.reason === 'refused') {
      throw cameraErrors.addressRefused(err.check);
    }
    // Timeout, refused connection, TLS error, oversize image: to the user, the camera is offline.
    if (err instanceof AppError) throw err;
    throw cameraErrors.offline();
  } finally {
    res?.destroy();
  }
}

async function readCapped(body: IncomingMessage, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    size += buf.byteLength;
    if (size > max) throw cameraErrors.offline();
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}
