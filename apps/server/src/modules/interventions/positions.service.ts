// The agent's positions on duty: sent by the agent space while the agent is clocked in and
// consents (the consent is his, given and withdrawn by him, audited); refused off duty or without
// consent, at most one every 5 s. Stored in the planning module's agent_positions (kind 'duty'),
// purged after the company's position retention (2 months by default); read only by the control
// room (interventions' candidates, tracks, the map), each one pushed as an `agent.position` event
// to administrators and operators.
import {
  dutyPositionIntervalSeconds,
  dutyPositionMinIntervalSeconds,
  dutyPositionStillIntervalSeconds,
  dutyPositionStillMetres,
  type PhonePositionInput,
} from '@vigie/contract/interventions.contract';
import type { Database } from '../../db/client';
import { distanceMetres } from '../../lib/geo';
import type { AuthContext } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import { publishEvent } from '../events/events.service';
import {
  lastDutyPositionAt,
  lastPositionOf,
  recordDutyPosition,
  shiftInProgressOf,
} from '../planning/duty-positions.service';
import { interventionErrors as errors } from './interventions.errors';
import * as repo from './interventions.repository';
import { requireAgent } from './interventions.service';

export async function reportPosition(
  db: Database,
  auth: AuthContext,
  p: PhonePositionInput,
  now = new Date(),
) {
  return db.withTenant(auth.companyId, async (tx) => {
    const agent = await requireAgent(tx, auth);
    const shift = await shiftInProgressOf(tx, auth.companyId, agent.id);
    if (!shift) throw errors.notOnDuty();
    if (!(await repo.findConsent(tx, auth.companyId, agent.id))?.consented) throw errors.noConsent();
    const lastAt = await lastDutyPositionAt(tx, auth.companyId, agent.id);
    if (lastAt && now.getTime() - lastAt.getTime() < dutyPositionMinIntervalSeconds * 1000)
      throw errors.tooFrequent(dutyPositionMinIntervalSeconds);
    const previous = await lastPositionOf(tx, auth.companyId, agent.id);
    await recordDutyPosition(tx, {
      companyId: auth.companyId,
      agentId: agent.id,
      shiftId: shift.id,
      lat: p.lat,
      lng: p.lng,
      accuracy: p.accuracy,
      at: now,
    });
    const running = await repo.runningOfAgent(tx, auth.companyId, agent.id);
    await publishEvent(tx, auth.companyId, 'agent.position', {
      agentId: agent.id,
      lat: p.lat,
      lng: p.lng,
      accuracy: Math.round(p.accuracy),
      at: now.toISOString(),
      interventionId: running?.id ?? null,
    });
    const still = previous !== null && distanceMetres(previous, p) < dutyPositionStillMetres;
    return {
      recordedAt: now.toISOString(),
      // While on an intervention the control room follows the agent: no slowing down.
      nextInSeconds: still && !running ? dutyPositionStillIntervalSeconds : dutyPositionIntervalSeconds,
    };
  });
}

export async function getConsent(db: Database, auth: AuthContext) {
  return db.withTenant(auth.companyId, async (tx) => {
    const agent = await requireAgent(tx, auth);
    const c = await repo.findConsent(tx, auth.companyId, agent.id);
    return {
      consented: c?.consented ?? false,
      changedAt: c ? c.changedAt.toISOString() : null,
      onDuty: (await shiftInProgressOf(tx, auth.companyId, agent.id)) !== undefined,
    };
  });
}

export async function putConsent(db: Database, auth: AuthContext, consented: boolean, now = new Date()) {
  return db.withTenant(auth.companyId, async (tx) => {
    const agent = await requireAgent(tx, auth);
    const before = await repo.findConsent(tx, auth.companyId, agent.id);
    if ((before?.consented ?? false) !== consented || !before) {
      await repo.saveConsent(tx, auth.companyId, { agentId: agent.id, consented, userId: auth.userId, now });
      await recordAudit(tx, {
        companyId: auth.companyId,
        actorUserId: auth.userId,
        action: consented ? 'location_consent.given' : 'location_consent.withdrawn',
        entity: 'location_consent',
        entityId: agent.id,
        details: { name: agent.name },
      });
    }
    const c = await repo.findConsent(tx, auth.companyId, agent.id);
    return {
      consented: c?.consented ?? false,
      changedAt: c ? c.changedAt.toISOString() : null,
      onDuty: (await shiftInProgressOf(tx, auth.companyId, agent.id)) !== undefined,
    };
  });
}
