// The planning module's door to the agents' positions on duty, for the interventions module: who
// is on duty, the positions the agent space sends (kind 'duty', under the company's position
// retention: 2 months by default), the last one and a track. Rules (consent, rate) are the caller's.
import type { Tx } from '../../db/client';
import * as repo from './duty-positions.repository';
import { insertAgentPosition } from './positions.repository';

export const shiftInProgressOf = repo.shiftInProgressOf;
export const lastDutyPositionAt = (tx: Tx, companyId: string, agentId: string) =>
  repo.lastPositionAt(tx, companyId, agentId, 'duty');
export const lastPositionOf = repo.lastPositionOf;
export const trackOf = repo.trackOf;

export async function recordDutyPosition(
  tx: Tx,
  p: {
    companyId: string;
    agentId: string;
    shiftId: string;
    lat: number;
    lng: number;
    accuracy: number;
    at: Date;
  },
) {
  await insertAgentPosition(tx, {
    companyId: p.companyId,
    agentId: p.agentId,
    shiftId: p.shiftId,
    kind: 'duty',
    latitude: p.lat,
    longitude: p.lng,
    accuracyM: p.accuracy,
    recordedAt: p.at,
  });
}
