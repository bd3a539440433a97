// Who hears of an alarm: administrators and operators, by e-mail, SMS and push according to their
// switches (notifications module). Not in the bell: the bell shows the active alarm itself until it
// is acknowledged, so the notification is stored as read, and only for those it is sent to.
//
// A new alarm's notification is one statement over the alarms just inserted, run in their
// transaction: a group of alarms created together (group commit) adds one statement to its
// round trip, whatever its size, and an alarm rolled back tells no one.
import type { Alarm, AlarmSeverity } from '@vigie/contract/alarms.contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { NotificationInput } from '../notifications/notifications.service';
import { notify } from '../notifications/notifications.service';
import { notifySql } from '../notifications/notifications.sql';
import { frenchDateTime } from './french-date-time';

// "Alarme" is feminine.
const adjectives: Record<AlarmSeverity, string> = {
  critical: 'critique',
  high: 'importante',
  medium: 'moyenne',
  low: 'faible',
};

/**
 * The statement telling of the alarms `ids`, with the severity of theirs: critical → critical,
 * high → warning, medium and low → info (those that exist: a refused one is simply absent).
 * Equipment faults (camera offline, technical) are maintenance notifications, which users may
 * switch off.
 */
export function newAlarmsNotificationSql(companyId: string, ids: string[], now = new Date()) {
  const source = sql`
    select case when a.type in ('camera_offline', 'technical') then 'maintenance.' || a.type
                else 'alarm.' || a.type end as kind,
           case a.severity when 'critical' then 'critical' when 'high' then 'warning' else 'info' end as severity,
           'Nouvelle alarme ' || (${JSON.stringify(adjectives)}::jsonb ->> a.severity) || ' : ' || a.title as title,
           'Site : ' || coalesce(s.name, '—') || E'\n' || 'Emplacement : ' || a.location || E'\n' || a.description as body,
           '/dashboard/alarms?alarm=' || a.id as link,
           'alarm.created:' || a.id as dedupe_key,
           false as in_app, '[]'::jsonb as user_ids, '["admin", "operator"]'::jsonb as roles
      from alarms a left join sites s on s.company_id = a.company_id and s.id = a.site_id
     where a.company_id = ${companyId}::uuid and a.id = any(${`{${ids.join(',')}}`}::uuid[])`;
  return notifySql(companyId, source, now);
}

/** An escalation: the alarm waited `minutes` without anyone taking it in charge — critical for all. */
export function escalationNotification(alarm: Alarm, minutes: number): NotificationInput {
  return {
    kind: 'alarm.escalated',
    severity: 'critical',
    audience: { roles: ['admin', 'operator'] },
    title: `Alarme ${adjectives[alarm.severity]} non acquittée : ${alarm.title}`,
    body: [
      `L'alarme « ${alarm.title} » n'a pas été acquittée depuis ${minutes} minutes.`,
      `Site : ${alarm.siteName}`,
      `Emplacement : ${alarm.location}`,
      `Déclenchée le : ${frenchDateTime(alarm.timestamp, 'Europe/Paris')} (heure de Paris)`,
      `Description : ${alarm.description}`,
    ].join('\n'),
    link: `/dashboard/alarms?alarm=${alarm.id}`,
    dedupeKey: `alarm.escalated:${alarm.id}`,
    inApp: false,
  };
}

export async function notifyEscalations(
  tx: Tx,
  companyId: string,
  alarms: Alarm[],
  minutes: number,
  now?: Date,
) {
  return notify(
    tx,
    companyId,
    alarms.map((a) => escalationNotification(a, minutes)),
    now ? { now } : {},
  );
}
