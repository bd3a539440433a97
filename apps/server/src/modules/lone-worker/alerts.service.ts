// The control room's side of the protection (the alerts of missed check-ins, acknowledged once),
// and the phone's SOS, which raises the very SOS of the radio module: a critical alarm on the
// agent's site, the nearest agents on duty, one notification.
import type {
  LoneWorkerPositionInput,
  LoneWorkerSosAnswer,
  listLoneWorkerAlertsQuery,
} from '@vigie/contract/lone-worker.contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { actorOf } from '../alarms/alarms.service';
import { recordAndPublish } from '../audit/audit.service';
import { raiseAlert, SOS_RECOMMENDATION } from '../radio/alerts/alerts.service';
import * as repo from './alerts.repository';
import { loneWorkerErrors as errors } from './lone-worker.errors';
import { formatPosition, sosLocation, toAlertDto } from './lone-worker.models';
import * as sessions from './lone-worker.repository';
import { requireAgent } from './lone-worker.service';

/** A position older than this is not offered as an SOS's place (the agent has moved since). */
export const SOS_LAST_POSITION_MAX_AGE_MS = 12 * 3_600_000;

const requireManager = (auth: AuthContext) => {
  if (auth.role !== 'admin' && auth.role !== 'operator') throw errors.managersOnly();
};

export async function listAlerts(
  db: Database,
  auth: AuthContext,
  q: z.output<typeof listLoneWorkerAlertsQuery>,
) {
  requireManager(auth);
  const after = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const { rows, total } = await repo.alertsPage(tx, auth.companyId, q.status, { limit: q.limit, after });
    return { rows: rows.map(toAlertDto), total };
  });
}

export async function acknowledgeAlert(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const alert = await repo.findAlert(tx, auth.companyId, id);
    if (!alert) throw errors.alertNotFound();
    if (alert.status !== 'active') throw errors.alreadyAcknowledged();
    if (!(await repo.acknowledge(tx, auth.companyId, id, auth.userId, new Date())))
      throw errors.alreadyAcknowledged();
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'lone_worker_alert.acknowledged',
        entity: 'lone_worker_alert',
        entityId: id,
        details: { name: alert.agentName, agentId: alert.agentId, dueAt: alert.dueAt.toISOString() },
      },
      {
        type: 'lone_worker.alert',
        payload: {
          id,
          change: 'acknowledged',
          status: 'acknowledged',
          siteId: alert.siteId,
          agentName: alert.agentName,
          dueAt: alert.dueAt.toISOString(),
        },
      },
    );
    const after = await repo.findAlert(tx, auth.companyId, id);
    if (!after) throw errors.alertNotFound();
    return toAlertDto(after);
  });
}

/**
 * The phone's SOS, allowed to an agent with or without protection on. Its position (sent, else the
 * last one recorded within 12 hours) is kept like the protection's (kind 'sos').
 */
export async function sos(
  db: Database,
  auth: AuthContext,
  position: LoneWorkerPositionInput | null,
): Promise<LoneWorkerSosAnswer> {
  const now = new Date();
  return db.withTenant(auth.companyId, async (tx) => {
    const agent = await requireAgent(tx, auth, errors.sosAgentsOnly);
    const shift = await sessions.shiftInProgress(tx, auth.companyId, agent.id);
    const last = position
      ? null
      : await sessions.lastPosition(
          tx,
          auth.companyId,
          agent.id,
          new Date(now.getTime() - SOS_LAST_POSITION_MAX_AGE_MS),
        );
    if (position) {
      await sessions.insertPosition(tx, auth.companyId, {
        agentId: agent.id,
        shiftId: shift?.id ?? null,
        kind: 'sos',
        lat: position.lat,
        lng: position.lng,
        accuracy: position.accuracy,
        now,
      });
    }
    const where = sosLocation(position, last);
    const place = where.location
      ? `${where.last ? 'dernière position enregistrée' : 'position transmise'} ${formatPosition(where.location)}`
      : 'position inconnue';
    const alert = await raiseAlert(tx, {
      type: 'sos',
      radio: { id: null, imei: null, agentId: agent.id, agentName: agent.name },
      location: where.location,
      locationSource: where.locationSource,
      description: `SOS déclenché depuis le téléphone par ${agent.name} (${place})`,
      recommendation: SOS_RECOMMENDATION,
      category: null,
      keywords: [],
      communicationId: null,
      actor: actorOf(auth),
    });
    return {
      alertId: alert.id,
      alarmId: alert.alarmId,
      location: alert.location,
      createdAt: alert.createdAt,
    };
  });
}
