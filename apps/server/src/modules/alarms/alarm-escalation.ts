// Escalation: an active high or critical alarm not acknowledged within ALARM_ESCALATION_MINUTES is
// escalated once — timeline entry, `alarm.escalated` event (administrators and operators), and an
// e-mail to them when SMTP is configured. Safe with several instances: the UPDATE only takes
// alarms still unescalated, so one instance wins each alarm.
import { type Alarm, alarmSeverityLabels } from '@vigie/contract/alarms.contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { alertRecipients } from '../users/users.service';
import type { Mailer } from './alarm-mailer';
import { frenchDateTime } from './alarms.models';
import { escalateAlarms } from './alarms.service';

export interface EscalationOptions {
  now?: Date;
  minutes: number;
  mailer: Mailer | null;
  publicUrl?: string | undefined;
  onError?: (err: unknown) => void;
}

export function escalationMail(alarm: Alarm, minutes: number, publicUrl: string | undefined) {
  const severity = alarmSeverityLabels[alarm.severity];
  return {
    subject: `[Vigie] Alarme ${severity.toLowerCase()} non acquittée : ${alarm.title}`,
    text: [
      `L'alarme « ${alarm.title} » (gravité ${severity}) n'a pas été acquittée depuis ${minutes} minutes.`,
      '',
      `Site : ${alarm.siteName}`,
      `Emplacement : ${alarm.location}`,
      `Déclenchée le : ${frenchDateTime(alarm.timestamp, 'Europe/Paris')} (heure de Paris)`,
      `Description : ${alarm.description}`,
      '',
      publicUrl
        ? `Traiter l'alarme : ${publicUrl.replace(/\/$/, '')}/dashboard/alarms`
        : "Traitez-la depuis l'écran Alarmes de Vigie.",
    ].join('\n'),
  };
}

/** One pass over every company; answers the number of alarms escalated by this instance. */
export async function escalateDueAlarms(db: Database, opts: EscalationOptions) {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - opts.minutes * 60_000);
  const candidates = rowsOf<{ company_id: string; alarm_id: string }>(
    await db.direct.execute(
      sql`select company_id, alarm_id from alarm_escalation_candidates(${cutoff.toISOString()}::timestamptz)`,
    ),
  );
  const byCompany = new Map<string, string[]>();
  for (const c of candidates) {
    const ids = byCompany.get(c.company_id) ?? [];
    ids.push(c.alarm_id);
    byCompany.set(c.company_id, ids);
  }
  const note = `non acquittée après ${opts.minutes} min`;
  let escalated = 0;
  for (const [companyId, ids] of byCompany) {
    // In transactions of a bounded size: a backlog of 10,000 alarms in one transaction held the
    // embedded database for half a minute, and every request waited behind it.
    for (let i = 0; i < ids.length; i += ESCALATION_BATCH) {
      try {
        escalated += await escalateBatch(db, companyId, ids.slice(i, i + ESCALATION_BATCH), now, note, opts);
        // Let waiting requests reach the database between batches (PGlite served none of them
        // during a 5,000-alarm backlog without this pause).
        await new Promise((resolve) => setTimeout(resolve, 1));
      } catch (err) {
        // One company's failure must not keep the others' alarms from escalating.
        opts.onError?.(err);
        break;
      }
    }
  }
  return escalated;
}

const ESCALATION_BATCH = 100;

async function escalateBatch(
  db: Database,
  companyId: string,
  ids: string[],
  now: Date,
  note: string,
  opts: EscalationOptions,
) {
  const { alarms, recipients } = await db.withTenant(companyId, async (tx) => {
    const done = await escalateAlarms(tx, companyId, ids, now, note);
    return {
      alarms: done,
      recipients: done.length > 0 && opts.mailer ? await alertRecipients(tx, companyId) : [],
    };
  });
  // After the commit: an e-mail never announces an escalation that was rolled back.
  for (const alarm of alarms) {
    await opts.mailer
      ?.send({
        to: recipients.map((r) => r.email),
        ...escalationMail(alarm, opts.minutes, opts.publicUrl),
      })
      .catch((err) => opts.onError?.(err));
  }
  return alarms.length;
}
