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

// "Alarme" is feminine.
export const severityAdjectives: Record<AlarmSeverity, string> = {
  critical: 'critique',
  high: 'importante',
  medium: 'moyenne',
  low: 'faible',
};

/** An escalation: the alarm waited `minutes` without anyone taking it in charge — critical for all. */
export function escalationNotification(alarm: Alarm, minutes: number): NotificationInput {
  return {
    kind: 'alarm.escalated',
    severity: 'critical',
    audience: { roles: ['admin', 'operator'] },
    title: `Alarme ${severityAdjectives[alarm.severity]} non acquittée : ${alarm.title}`,
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
