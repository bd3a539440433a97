// Clock-in and clock-out from the agent's phone: accepted within the shift's window and within the
// site's radius. The position is taken only at these two moments and stored as personal data
// (purged after the company's retention, 2 months by default).
import type { clockBody } from '@vigie/contract/planning.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { distanceMetres } from '../../lib/geo';
import type { AuthContext } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { companyTimezone } from '../companies/companies.service';
import { publishEvents } from '../events/events.service';
import { siteForPlanning } from '../sites/sites.service';
import { findAgentByUser } from './agents.repository';
import { planningErrors } from './planning.errors';
import { insertAgentPosition } from './positions.repository';
import { localTime } from './rules/shift-time';
import * as repo from './shifts.repository';
import { loadShift } from './shifts.service';

type Position = z.output<typeof clockBody>;

/** A phone's position counts for at most this much extra radius, and beyond this it is refused. */
export const ACCURACY_BONUS_MAX_M = 150;
export const ACCURACY_MAX_M = 500;
const EARLY_MS = 30 * 60_000;

/** Great-circle distance in metres (haversine): lib/geo.ts, kept here for the modules that import it. */
export { distanceMetres };

/**
 * Where the position stands against the site: the distance (null for a site without coordinates,
 * which cannot be checked and is accepted) or a refusal.
 */
export function checkPosition(
  site: { latitude: number | null; longitude: number | null; geofenceRadiusM: number },
  p: Position,
) {
  if (p.accuracy > ACCURACY_MAX_M) throw planningErrors.inaccurate(Math.round(p.accuracy), ACCURACY_MAX_M);
  if (site.latitude === null || site.longitude === null) return null;
  const distance = distanceMetres(
    { lat: site.latitude, lng: site.longitude },
    { lat: p.latitude, lng: p.longitude },
  );
  const allowed = site.geofenceRadiusM + Math.min(p.accuracy, ACCURACY_BONUS_MAX_M);
  if (distance > allowed) throw planningErrors.tooFar(Math.round(distance), Math.round(allowed));
  return distance;
}

async function ownShift(tx: Tx, auth: AuthContext, shiftId: string) {
  const shift = await repo.findShift(tx, auth.companyId, shiftId);
  if (!shift) throw planningErrors.shiftNotFound();
  const agent = await findAgentByUser(tx, auth.companyId, auth.userId);
  if (!agent) throw planningErrors.noAgentRecord();
  if (shift.agentId !== agent.id) {
    // Another agent's shift is not to be known to an agent; a manager learns it is not theirs.
    if (auth.role === 'agent') throw planningErrors.shiftNotFound();
    throw planningErrors.notYourShift();
  }
  const site = await siteForPlanning(tx, auth.companyId, shift.siteId);
  if (!site) throw planningErrors.siteNotFound();
  return { shift, agent, site };
}

async function record(
  tx: Tx,
  auth: AuthContext,
  kind: 'clock_in' | 'clock_out',
  ids: { shiftId: string; agentId: string },
  p: Position,
  distance: number | null,
) {
  await insertAgentPosition(tx, {
    companyId: auth.companyId,
    agentId: ids.agentId,
    shiftId: ids.shiftId,
    kind,
    latitude: p.latitude,
    longitude: p.longitude,
    accuracyM: p.accuracy,
    distanceM: distance,
  });
  await recordAudit(tx, {
    companyId: auth.companyId,
    actorUserId: auth.userId,
    action: kind === 'clock_in' ? 'shift.clock_in' : 'shift.clock_out',
    entity: 'shift',
    entityId: ids.shiftId,
    details: {
      distanceM: distance === null ? null : Math.round(distance),
      accuracyM: Math.round(p.accuracy),
    },
  });
  await publishEvents(tx, auth.companyId, [
    { type: 'shift.changed', payload: { id: ids.shiftId, change: kind } },
    { type: 'agent.changed', payload: { id: ids.agentId, change: kind } },
  ]);
}

export async function clockIn(
  db: Database,
  auth: AuthContext,
  shiftId: string,
  p: Position,
  now = new Date(),
) {
  return db.withTenant(auth.companyId, async (tx) => {
    const { shift, agent, site } = await ownShift(tx, auth, shiftId);
    if (shift.status === 'Annulé') throw planningErrors.cancelled();
    if (shift.status === 'En cours') throw planningErrors.alreadyStarted();
    if (shift.status === 'Terminé') throw planningErrors.alreadyEnded();
    const opensAt = new Date(shift.startsAt.getTime() - EARLY_MS);
    if (now < opensAt) {
      throw planningErrors.tooEarly(
        localTime(opensAt, await companyTimezone(tx, auth.companyId)).replace(':', ' h '),
      );
    }
    if (now >= shift.endsAt) throw planningErrors.tooLate();
    const distance = checkPosition(site, p);
    const ok = await repo.updateShift(
      tx,
      auth.companyId,
      shiftId,
      { status: 'En cours', clockInAt: now },
      'Programmé',
    );
    if (!ok) throw planningErrors.alreadyStarted();
    await record(tx, auth, 'clock_in', { shiftId, agentId: agent.id }, p, distance);
    return loadShift(tx, auth, shiftId);
  });
}

export async function clockOut(
  db: Database,
  auth: AuthContext,
  shiftId: string,
  p: Position,
  now = new Date(),
) {
  return db.withTenant(auth.companyId, async (tx) => {
    const { shift, agent, site } = await ownShift(tx, auth, shiftId);
    if (shift.status === 'Annulé') throw planningErrors.cancelled();
    if (shift.status === 'Programmé') throw planningErrors.notStarted();
    if (shift.status === 'Terminé') throw planningErrors.alreadyEnded();
    const distance = checkPosition(site, p);
    const ok = await repo.updateShift(
      tx,
      auth.companyId,
      shiftId,
      { status: 'Terminé', clockOutAt: now },
      'En cours',
    );
    if (!ok) throw planningErrors.alreadyEnded();
    await record(tx, auth, 'clock_out', { shiftId, agentId: agent.id }, p, distance);
    return loadShift(tx, auth, shiftId);
  });
}
