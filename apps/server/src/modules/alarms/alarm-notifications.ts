// Who hears of an alarm: administrators and operators, by e-mail, SMS and push according to their
// switches (notifications module). Not in the bell: the bell shows the active alarm itself until it
// is acknowledged, so the notification is stored as read, and only for those it is sent to.
//
// A new alarm's notification is one statement over the alarms just inserted, run in their
// transaction (alarm-notifications.repository.ts); an escalation's is written here, per alarm.
import type { Alarm, AlarmSeverity } from '@vigie/contract/alarms.contract';
import type { Tx } from '../../db/client';
import { frenchDateTime } from '../../lib/french-date-time';
import type { NotificationInput } from '../notifications/notifications.service';
import { notify } from '../notifications/notifications.service';

// One message per severity rather than an adjective inside one: "Alarme" is feminine in French and
// Spanish, and English puts the adjective before the noun.
export const newAlarmTitles: Record<AlarmSeverity, string> = {
  critical: 'Nouvelle alarme critique : {title}',
  high: 'Nouvelle alarme importante : {title}',
  medium: 'Nouvelle alarme moyenne : {title}',
  low: 'Nouvelle alarme faible : {title}',
};

const escalatedTitles: Record<AlarmSeverity, string> = {
  critical: 'Alarme critique non acquittée : {title}',
  high: 'Alarme importante non acquittée : {title}',
  medium: 'Alarme moyenne non acquittée : {title}',
  low: 'Alarme faible non acquittée : {title}',
};

/** An escalation: the alarm waited `minutes` without anyone taking it in charge — critical for all. */
export function escalationNotification(alarm: Alarm, minutes: number): NotificationInput {
  return {
    kind: 'alarm.escalated',
    severity: 'critical',
    audience: { roles: ['admin', 'operator'] },
    title: escalatedTitles[alarm.severity],
    titleValues: { title: alarm.title },
    body: [
      "L'alarme « {title} » n'a pas été acquittée depuis {minutes} minutes.",
      'Site : {site}',
      'Emplacement : {location}',
      'Déclenchée le : {triggeredAt} (heure de Paris)',
      'Description : {description}',
    ].join('\n'),
    bodyValues: {
      title: alarm.title,
      minutes,
      site: alarm.siteName,
      location: alarm.location,
      triggeredAt: frenchDateTime(alarm.timestamp, 'Europe/Paris'),
      description: alarm.description,
    },
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
