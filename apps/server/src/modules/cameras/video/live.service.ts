// Who may watch a camera, and where its stream is. The viewer's company is checked when the ticket
// is given (another company's camera is a 404 like every camera route) and again by the socket as
// long as it is open; the stream's address and credentials stay on the server, and the address is
// checked against the outbound policy right before ffmpeg connects (to the address checked).
import type { Database } from '../../../db/client';
import { checkHost, type OutboundPolicy } from '../../../lib/outbound-address';
import type { AuthContext } from '../../../plugins/auth';
import type { SecretBox } from '../../../plugins/secrets';
import { cameraErrors } from '../cameras.errors';
import type { CameraWithSite } from '../cameras.models';
import { findCameraRow } from '../cameras.service';
import type { UpstreamSource } from './upstream';

/** What a live ticket opens: one camera, for one session. */
export interface LiveGrant {
  companyId: string;
  userId: string;
  role: string;
  sessionHash: string;
  cameraId: string;
}

/** The camera's stream address with its credentials, the host replaced by the address checked. */
export async function streamSourceOf(
  camera: CameraWithSite,
  secrets: SecretBox,
  policy: OutboundPolicy,
): Promise<UpstreamSource> {
  if (!camera.rtspUrl) throw cameraErrors.noStream();
  const url = new URL(camera.rtspUrl);
  const check = await checkHost(policy, url.hostname);
  if (!check.ok) {
    if (check.reason === 'refused') throw cameraErrors.streamAddressRefused(check);
    throw cameraErrors.offline();
  }
  url.hostname = check.family === 6 ? `[${check.address}]` : check.address;
  const password = camera.streamPassword === null ? null : secrets.open(camera.streamPassword);
  if (password === undefined) throw cameraErrors.credentialsUnreadable();
  if (camera.streamUsername) url.username = encodeURIComponent(camera.streamUsername);
  if (password) url.password = encodeURIComponent(password);
  return { url: url.toString(), transcode: camera.liveTranscode };
}

export async function streamSource(
  db: Database,
  secrets: SecretBox,
  policy: OutboundPolicy,
  companyId: string,
  cameraId: string,
) {
  const camera = await db.withTenant(companyId, (tx) => findCameraRow(tx, companyId, cameraId));
  return streamSourceOf(camera, secrets, policy);
}

/**
 * The grant of a live ticket: the camera is the company's, has a stream address the policy allows
 * and readable credentials. Every user of the company may watch (agents read cameras).
 */
export async function liveGrant(
  db: Database,
  secrets: SecretBox,
  policy: OutboundPolicy,
  auth: AuthContext,
  cameraId: string,
  sessionHash: string,
): Promise<LiveGrant> {
  const camera = await db.withTenant(auth.companyId, (tx) => findCameraRow(tx, auth.companyId, cameraId));
  await streamSourceOf(camera, secrets, policy);
  return { companyId: auth.companyId, userId: auth.userId, role: auth.role, sessionHash, cameraId };
}

/** Whether the camera still exists in the company (a deleted camera closes its viewers). */
export async function cameraStillThere(db: Database, companyId: string, cameraId: string) {
  try {
    await db.withTenant(companyId, (tx) => findCameraRow(tx, companyId, cameraId));
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'cameras.not_found') return false;
    throw err;
  }
}
