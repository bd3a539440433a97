// Radio alerts: an SOS (from a radio card or the handset) or an emergency detected in a transcript.
// Each raises a critical alarm on the radio's site, a notification and a push, and lists the
// nearest agents on duty; an operator sends one, acknowledges and closes the alert.
import {
  type dispatchBody,
  type EmergencyCategory,
  emergencyCategoryLabels,
  type listRadioAlertsQuery,
  type RadioAlert,
  type RadioAlertWithNearest,
  type resolveRadioAlertBody,
} from '@vigie/contract/radio-traffic.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../../db/client';
import type { AuthContext } from '../../../plugins/auth';
import { decodeCursor } from '../../../plugins/pagination';
import { type Actor, actorOf, insertAlarm, noteOnAlarm } from '../../alarms/alarms.service';
import { recordAudit } from '../../audit/audit.service';
import { publishEvent } from '../../events/events.service';
import { notify } from '../../notifications/notifications.service';
import { findAgent } from '../../planning/agents.service';
import { radioErrors } from '../radio.errors';
import type { RadioWithNames } from '../radios/radios.repository';
import { requireRadioManager } from '../radios/radios.service';
import * as repo from './alerts.repository';
import { chooseNearest } from './nearest-agents';

export const toAlertDto = (r: repo.AlertWithSite): RadioAlert => {
  const handled = [r.acknowledgedAt, r.dispatchedAt].filter((d): d is Date => d !== null);
  const firstHandled = handled.length ? Math.min(...handled.map((d) => d.getTime())) : null;
  return {
    id: r.id,
    type: r.type,
    severity: r.severity,
    status: r.status,
    radioId: r.radioId,
    imei: r.imei,
    agentId: r.agentId,
    agentName: r.agentName,
    description: r.description,
    aiRecommendation: r.aiRecommendation,
    category: (r.category as EmergencyCategory | null) ?? null,
    keywords: r.keywords,
    location: r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng } : null,
    locationSource: r.locationSource,
    communicationId: r.communicationId,
    alarmId: r.alarmId,
    siteId: r.siteId,
    siteName: r.siteName,
    dispatchedAgent:
      r.dispatchedAgentId && r.dispatchedAgentName && r.dispatchedAt
        ? {
            agentId: r.dispatchedAgentId,
            name: r.dispatchedAgentName,
            distanceM: r.dispatchedDistanceM,
            at: r.dispatchedAt.toISOString(),
          }
        : null,
    createdAt: r.createdAt.toISOString(),
    acknowledgedAt: r.acknowledgedAt ? r.acknowledgedAt.toISOString() : null,
    resolvedAt: r.resolvedAt ? r.resolvedAt.toISOString() : null,
    responseSeconds: firstHandled === null ? null : Math.round((firstHandled - r.createdAt.getTime()) / 1000),
  };
};

async function loadAlert(tx: Tx, companyId: string, id: string) {
  const row = await repo.findAlert(tx, companyId, id);
  if (!row) throw radioErrors.alertNotFound();
  return row;
}

/** The agents on duty nearest to `from` (none without a position), the alert's own agent left out. */
async function nearestAgents(
  tx: Tx,
  companyId: string,
  from: { lat: number; lng: number } | null,
  excludeAgentId: string | null,
  now = new Date(),
) {
  if (!from) return [];
  return chooseNearest(await repo.dutyCandidates(tx, companyId, now), from, { now, excludeAgentId });
}

async function withNearest(
  tx: Tx,
  companyId: string,
  row: repo.AlertWithSite,
): Promise<RadioAlertWithNearest> {
  const open = row.status !== 'resolved';
  const from = row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
  return {
    ...toAlertDto(row),
    nearestAgents: open ? await nearestAgents(tx, companyId, from, row.agentId) : [],
  };
}

/** Who the alert is about: a radio (and its agent), or a speaker in the browser (no radio). */
export interface AlertSubject {
  id: string | null;
  imei: string | null;
  agentId: string | null;
  agentName: string | null;
}

export interface RaiseAlert {
  type: 'sos' | 'emergency';
  radio: AlertSubject;
  location: { lat: number; lng: number } | null;
  locationSource: 'device' | 'radio' | 'none';
  description: string;
  recommendation: string;
  category: EmergencyCategory | null;
  keywords: string[];
  communicationId: string | null;
  /** Who raised it: the operator, or the handset (system). */
  actor: Actor;
}

const place = (p: { lat: number; lng: number } | null) =>
  p ? `position ${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}` : 'position inconnue';

/** Raises an alert and its critical alarm in the caller's transaction; answers it with the nearest agents. */
export async function raiseAlert(tx: Tx, input: RaiseAlert): Promise<RadioAlertWithNearest> {
  const companyId = input.actor.companyId;
  const { radio } = input;
  // A guessed site would send people to the wrong place: without one, the radio alert and its
  // notification still go out, without the alarm.
  const siteId = await repo.siteOfAlert(tx, companyId, radio.agentId, input.location);
  const who = radio.agentName ?? (radio.imei ? `radio ${radio.imei}` : 'agent inconnu');
  const title =
    input.type === 'sos'
      ? `SOS radio — ${who}`
      : `Urgence radio (${input.category ? emergencyCategoryLabels[input.category] : 'détectée'}) — ${who}`;
  const alarm = siteId
    ? await insertAlarm(
        tx,
        input.actor,
        {
          siteId,
          type: 'panic',
          severity: 'critical',
          title: title.slice(0, 200),
          description: `${input.description}\n${input.recommendation}`.slice(0, 2000),
          location: place(input.location),
          triggeredBy: radio.imei ? `Radio ${radio.imei}` : 'Push-to-talk',
        },
        // The radio alert's own notification below is the one people get: one per SOS, not two.
        { notify: false },
      )
    : undefined;
  const id = await repo.insertAlert(tx, {
    companyId,
    type: input.type,
    severity: 'critical',
    radioId: radio.id,
    imei: radio.imei,
    agentId: radio.agentId,
    agentName: radio.agentName,
    description: input.description,
    aiRecommendation: input.recommendation,
    category: input.category,
    keywords: input.keywords,
    lat: input.location?.lat ?? null,
    lng: input.location?.lng ?? null,
    locationSource: input.locationSource,
    communicationId: input.communicationId,
    alarmId: alarm?.id ?? null,
    siteId,
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: input.actor.userId,
    action: `radio_alert.${input.type}`,
    entity: 'radio_alert',
    entityId: id,
    details: { radioId: radio.id, alarmId: alarm?.id ?? null, category: input.category },
  });
  await publishEvent(tx, companyId, 'radio.alert', {
    id,
    type: input.type,
    status: 'active',
    change: 'created',
  });
  await notify(tx, companyId, {
    kind: input.type === 'sos' ? 'radio.sos' : 'radio.emergency',
    severity: 'critical',
    audience: { roles: ['admin', 'operator'] },
    ...alertTexts(input, radio),
    link: '/dashboard/radio',
  });
  return withNearest(tx, companyId, await loadAlert(tx, companyId, id));
}

const WHO = '{whoState, select, radio {radio {imei}} unknown {agent inconnu} other {{agent}}}';

/**
 * The alert's notification as French messages with their values, for each reader's language (the
 * same French text as the alarm's title). The description and recommendation are the detection's
 * own words, passed as they are.
 */
function alertTexts(input: RaiseAlert, radio: RaiseAlert['radio']) {
  const titleValues = {
    whoState: radio.agentName ? 'agent' : radio.imei ? 'radio' : 'unknown',
    agent: radio.agentName ?? '',
    imei: radio.imei ?? '',
    categoryLabel: input.category ? emergencyCategoryLabels[input.category] : 'détectée',
  };
  const title = input.type === 'sos' ? `SOS radio — ${WHO}` : `Urgence radio ({categoryLabel}) — ${WHO}`;
  const body = `${input.description} — ${input.recommendation}`;
  // Cut as it always was: a text too long goes out as it is, cut.
  if (body.length > 500)
    return { title, titleValues, body: '{text}', bodyValues: { text: body.slice(0, 500) } };
  const bodyValues = { description: input.description, recommendation: input.recommendation };
  return { title, titleValues, body: '{description} — {recommendation}', bodyValues };
}

/** The position of an SOS: the one sent, else the radio's last report, never a fixed point. */
export function sosPosition(radio: RadioWithNames, sent: { lat: number; lng: number } | null | undefined) {
  if (sent) return { location: { lat: sent.lat, lng: sent.lng }, locationSource: 'device' as const };
  if (radio.lastLat !== null && radio.lastLng !== null)
    return { location: { lat: radio.lastLat, lng: radio.lastLng }, locationSource: 'radio' as const };
  return { location: null, locationSource: 'none' as const };
}

export const sosDescription = (radio: RadioWithNames, by: string) =>
  `SOS déclenché ${by} pour ${radio.agentName ?? 'une radio sans agent'} (radio ${radio.imei})`;

export const SOS_RECOMMENDATION =
  "Contacter l'agent immédiatement et envoyer l'agent disponible le plus proche";

export async function listAlerts(db: Database, auth: AuthContext, q: z.output<typeof listRadioAlertsQuery>) {
  const after = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const { rows, total } = await repo.listAlertsPage(
      tx,
      auth.companyId,
      { status: q.status },
      { limit: q.limit, after },
    );
    return { rows: rows.map(toAlertDto), total };
  });
}

export async function getAlert(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, async (tx) =>
    withNearest(tx, auth.companyId, await loadAlert(tx, auth.companyId, id)),
  );
}

async function alertChanged(
  tx: Tx,
  auth: AuthContext,
  row: repo.AlertWithSite,
  change: string,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    companyId: auth.companyId,
    actorUserId: auth.userId,
    action: `radio_alert.${change}`,
    entity: 'radio_alert',
    entityId: row.id,
    details,
  });
  await publishEvent(tx, auth.companyId, 'radio.alert', { id: row.id, type: row.type, change });
}

export async function dispatchAgent(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof dispatchBody>,
) {
  requireRadioManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await loadAlert(tx, auth.companyId, id);
    if (row.status === 'resolved') throw radioErrors.alertResolved();
    const agent = await findAgent(tx, auth.companyId, input.agentId);
    if (!agent) throw radioErrors.agentNotFound();
    const from = row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
    const near = (await nearestAgents(tx, auth.companyId, from, row.agentId)).find(
      (n) => n.agentId === agent.id,
    );
    // An agent without a fresh position may still be sent, if on duty (distance unknown).
    if (!near && !(await repo.isOnDuty(tx, auth.companyId, agent.id))) throw radioErrors.agentUnavailable();
    const now = new Date();
    await repo.updateAlert(tx, auth.companyId, id, {
      dispatchedAgentId: agent.id,
      dispatchedAgentName: agent.name,
      dispatchedDistanceM: near?.distanceM ?? null,
      dispatchedAt: now,
      ...(row.status === 'active'
        ? { status: 'acknowledged', acknowledgedAt: now, acknowledgedBy: auth.userId }
        : {}),
    });
    if (row.alarmId) {
      const distance = near ? ` (à ${near.distanceM} m)` : '';
      await noteOnAlarm(tx, actorOf(auth), row.alarmId, `Agent envoyé : ${agent.name}${distance}`).catch(
        () => undefined,
      );
    }
    await alertChanged(tx, auth, row, 'dispatched', {
      agentId: agent.id,
      distanceM: near?.distanceM ?? null,
    });
    return withNearest(tx, auth.companyId, await loadAlert(tx, auth.companyId, id));
  });
}

export async function acknowledgeAlert(db: Database, auth: AuthContext, id: string) {
  requireRadioManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await loadAlert(tx, auth.companyId, id);
    if (row.status === 'resolved') throw radioErrors.alertResolved();
    if (row.status === 'acknowledged') throw radioErrors.alertAlreadyAcknowledged();
    await repo.updateAlert(tx, auth.companyId, id, {
      status: 'acknowledged',
      acknowledgedAt: new Date(),
      acknowledgedBy: auth.userId,
    });
    await alertChanged(tx, auth, row, 'acknowledged', {});
    return toAlertDto(await loadAlert(tx, auth.companyId, id));
  });
}

export async function resolveAlert(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof resolveRadioAlertBody>,
) {
  requireRadioManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await loadAlert(tx, auth.companyId, id);
    if (row.status === 'resolved') throw radioErrors.alertResolved();
    const now = new Date();
    await repo.updateAlert(tx, auth.companyId, id, {
      status: 'resolved',
      resolvedAt: now,
      resolvedBy: auth.userId,
      resolutionNote: input.note ?? null,
      ...(row.acknowledgedAt ? {} : { acknowledgedAt: now, acknowledgedBy: auth.userId }),
    });
    await alertChanged(tx, auth, row, 'resolved', { note: input.note ?? null });
    return toAlertDto(await loadAlert(tx, auth.companyId, id));
  });
}
