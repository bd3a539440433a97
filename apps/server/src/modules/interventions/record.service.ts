// What every change of an intervention leaves behind, in its transaction: the step (server time,
// the phone's position), the audit entry, the real-time event, the alarm's file entry, and the
// notifications (the agent's phone rings by Web Push; the control room is warned).
import { type InterventionStepKind, interventionStepLabels } from '@vigie/contract/interventions.contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { appendAlarmFileEntry } from '../alarms/file/alarm-file.service';
import { recordAudit } from '../audit/audit.service';
import { publishEvent } from '../events/events.service';
import { type NotificationInput, notify } from '../notifications/notifications.service';
import type { InterventionRow } from './interventions.models';
import * as repo from './interventions.repository';

export interface Actor {
  userId: string | null;
  name: string | null;
}

export const clockActor: Actor = { userId: null, name: null };

const auditActions: Partial<Record<InterventionStepKind, string>> = {
  proposed: 'intervention.proposed',
  accepted: 'intervention.accepted',
  refused: 'intervention.refused',
  en_route: 'intervention.en_route',
  on_site: 'intervention.on_site',
  done: 'intervention.done',
  cancelled: 'intervention.cancelled',
  accept_timeout: 'intervention.reassigned',
  arrive_alert: 'intervention.late',
};

/** One step of an intervention and everything that goes with it. */
export async function recordStep(
  tx: Tx,
  companyId: string,
  row: InterventionRow,
  s: {
    kind: InterventionStepKind;
    actor: Actor;
    agentId: string | null;
    at: Date;
    position: { lat: number; lng: number; accuracy: number } | null;
    details?: Record<string, unknown>;
    report?: { text: string; photoFileIds: string[] } | null;
  },
) {
  await repo.insertStep(tx, companyId, {
    interventionId: row.id,
    kind: s.kind,
    agentId: s.agentId,
    actorUserId: s.actor.userId,
    actorName: s.actor.name,
    at: s.at,
    position: s.position,
    details: s.details,
  });
  const action = auditActions[s.kind];
  if (action) {
    await recordAudit(tx, {
      companyId,
      actorUserId: s.actor.userId,
      action,
      entity: 'intervention',
      entityId: row.id,
      details: {
        name: row.siteName,
        agentName: row.agentName,
        ...(s.position ? { position: true, accuracyM: Math.round(s.position.accuracy) } : {}),
        ...pick(s.details, ['reason', 'onSiteBy', 'distanceM', 'previousAgentName']),
      },
    });
  }
  await publishEvent(tx, companyId, 'intervention.changed', {
    id: row.id,
    change: s.kind,
    agentId: s.agentId ?? row.agentId,
    siteId: row.siteId,
    alarmId: row.alarmId,
  });
  if (row.alarmId) await toAlarmFile(tx, row, s);
}

const pick = (o: Record<string, unknown> | undefined, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => o && o[k] !== undefined).map((k) => [k, o?.[k]]));

/** The step in the alarm's file (alarms/file): the proof of what was done, with its time. */
async function toAlarmFile(
  tx: Tx,
  row: InterventionRow,
  s: {
    kind: InterventionStepKind;
    actor: Actor;
    at: Date;
    details?: Record<string, unknown>;
    report?: { text: string; photoFileIds: string[] } | null;
  },
) {
  const agentName = (s.details?.agentName as string | undefined) ?? row.agentName;
  const label = interventionStepLabels[s.kind];
  const reason = typeof s.details?.reason === 'string' ? ` — ${s.details.reason}` : '';
  try {
    await appendAlarmFileEntry(tx, {
      alarmId: row.alarmId as string,
      kind: 'intervention',
      actorUserId: s.actor.userId,
      ...(s.actor.name ? { actorName: s.actor.name } : {}),
      data: {
        interventionId: row.id,
        agentName,
        summary: `Intervention ${label.toLowerCase()} (${agentName}, ${row.siteName})${reason}`.slice(0, 500),
        steps: [{ label, at: s.at.toISOString() }],
        report: s.report ?? null,
      },
    });
  } catch (err) {
    // An alarm deleted meanwhile: the intervention's own record stays.
    if (!(err instanceof AppError && err.statusCode === 404)) throw err;
  }
}

export async function warn(tx: Tx, companyId: string, n: NotificationInput | NotificationInput[], now: Date) {
  await notify(tx, companyId, n, { now });
}
