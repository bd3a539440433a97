// PTZ commands of a company's camera, sent by the server through ONVIF (onvif-ptz.ts): the
// camera's credentials and address never reach the browser, and the address goes through the
// outbound policy at every command (a name may resolve elsewhere since it was written).
import type { ptzMoveBody } from '@vigie/contract/camera-ptz.contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { type OutboundPolicy, OutboundRefusedError } from '../../../lib/outbound-address';
import type { AuthContext } from '../../../plugins/auth';
import type { SecretBox } from '../../../plugins/secrets';
import { cameraErrors } from '../cameras.errors';
import { findCameraRow } from '../cameras.service';
import { type OnvifTarget, openPtzDevice, type PtzDevice, PtzError, type PtzPreset } from './onvif-ptz';

/** Half speed: a press of 500 ms turns the camera a little, as an operator expects of one click. */
export const PTZ_SPEED = 0.5;

export interface PtzDeps {
  db: Database;
  secrets: SecretBox;
  policy: OutboundPolicy;
  /** How a device is reached (the ONVIF library by default). */
  open?: (policy: OutboundPolicy, target: OnvifTarget) => Promise<PtzDevice>;
}

/**
 * Who may turn a camera: administrators and operators. Operators run the control room and must be
 * able to follow an intruder or check a zone with the PTZ cameras. Agents watch cameras (list,
 * image, presets) but do not turn them: a camera turned from the field leaves the spot the control
 * room watches without it knowing, which is the camera read-only rule of cameras.service.ts.
 */
const requireOperator = (auth: AuthContext) => {
  if (auth.role === 'agent') throw cameraErrors.ptzReadOnly();
};

/** What the camera's row says of how to reach it by ONVIF, or the clear refusal. */
async function targetOf(deps: PtzDeps, auth: AuthContext, id: string): Promise<OnvifTarget> {
  // Read the row, then leave the transaction: a slow camera must not hold a database connection.
  const camera = await deps.db.withTenant(auth.companyId, (tx) => findCameraRow(tx, auth.companyId, id));
  if (camera.type !== 'ptz') throw cameraErrors.notPtz();
  if (!camera.onvifUrl) throw cameraErrors.noOnvif();
  // ONVIF uses the camera's account, the same as its stream's on the cameras that have one.
  const password = camera.streamPassword === null ? null : deps.secrets.open(camera.streamPassword);
  // Sealed with another key (SECRETS_KEY changed, or instances with different keys): ask for it again.
  if (password === undefined) throw cameraErrors.credentialsUnreadable();
  return { url: camera.onvifUrl, username: camera.streamUsername, password };
}

/** The device's failures as the API's French errors: never a 500 for a camera that misbehaves. */
function asAppError(err: unknown): unknown {
  if (err instanceof OutboundRefusedError) {
    return err.check.reason === 'unresolved'
      ? cameraErrors.ptzUnreachable()
      : cameraErrors.ptzAddressRefused(err.check);
  }
  if (!(err instanceof PtzError)) return err;
  switch (err.kind) {
    case 'timeout':
      return cameraErrors.ptzTimeout();
    case 'unreachable':
      return cameraErrors.ptzUnreachable();
    case 'unauthorized':
      return cameraErrors.ptzUnauthorized();
    case 'unsupported':
      return cameraErrors.ptzUnsupported();
    case 'refused':
      return cameraErrors.ptzRefused();
  }
}

async function withDevice<T>(
  deps: PtzDeps,
  auth: AuthContext,
  id: string,
  use: (device: PtzDevice) => Promise<T>,
): Promise<T> {
  const target = await targetOf(deps, auth, id);
  try {
    const device = await (deps.open ?? openPtzDevice)(deps.policy, target);
    return await use(device);
  } catch (err) {
    throw asAppError(err);
  }
}

export async function movePtz(
  deps: PtzDeps,
  auth: AuthContext,
  id: string,
  body: z.output<typeof ptzMoveBody>,
) {
  requireOperator(auth);
  await withDevice(deps, auth, id, (device) => device.move(body.direction, PTZ_SPEED, body.durationMs));
}

export async function listPtzPresets(deps: PtzDeps, auth: AuthContext, id: string): Promise<PtzPreset[]> {
  return withDevice(deps, auth, id, (device) => device.presets());
}

export async function gotoPtzPreset(deps: PtzDeps, auth: AuthContext, id: string, token: string) {
  requireOperator(auth);
  await withDevice(deps, auth, id, async (device) => {
    // A token the camera does not know is a clear 404, not the device's fault in a 502.
    if (!(await device.presets()).some((p) => p.token === token)) throw cameraErrors.presetNotFound();
    await device.gotoPreset(token);
  });
}
