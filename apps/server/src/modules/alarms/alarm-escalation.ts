// Escalation: an active high or critical alarm not acknowledged within ALARM_ESCALATION_MINUTES is
// escalated once — timeline entry, `alarm.escalated` event, and a critical notification to
// administrators and operators (e-mail, SMS, push by their switches: the notifications module) in
// the same transaction, so a rolled-back escalation tells no one. Safe with several instances: the
// UPDATE only takes alarms still unescalated, so one instance wins each alarm.
import type { Database } from '../../db/client';
import { notifyEscalations } from './alarm-notifications';
import { escalationCandidates } from './alarms.repository';
import { escalateAlarms } from './alarms.service';

export interface EscalationOptions {
  now?: Date;
  minutes: number;
  onError?: (err: unknown) => void;
  /** @deprecated Ignored: e-mail now leaves through the notifications' delivery queue. */
  mailer?: null;
}

/** One pass over every company; answers the number of alarms escalated by this instance. */
export async function escalateDueAlarms(db: Database, opts: EscalationOptions) {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - opts.minutes * 60_000);
  const candidates = await escalationCandidates(db, cutoff);
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
  return db.withTenant(companyId, async (tx) => {
    const done = await escalateAlarms(tx, companyId, ids, now, note);
    await notifyEscalations(tx, companyId, done, opts.minutes, now);
    return done.length;
  });
}
