// Guard tours: the SQL of the alerts the guard tour pass raises on rounds (not started on time,
// overdue, ended with checkpoints missed). Each alert is claimed by an UPDATE only one instance wins.
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { siteNameOf } from '../sites/sites.sql';

/** `close` ends an overdue round as missed; `missed` then alerts on its checkpoints not scanned. */
export type AlertKind = 'late' | 'overdue' | 'close' | 'missed';

/** The rounds of every company due an alert at `now` (a function of the database, outside any tenant). */
export async function alertCandidates(
  db: Database,
  now: Date,
  lateMinutes: number,
  overdueMarginMinutes: number,
) {
  return rowsOf<{ company_id: string; round_id: string; kind: AlertKind }>(
    await db.direct.execute(
      sql`select company_id, round_id, kind from tour_alert_candidates(${now.toISOString()}::timestamptz, ${lateMinutes}, ${overdueMarginMinutes})`,
    ),
  );
}

/** Whether this call claimed the alert (or closed the round), stamping it at `now`. */
export async function claimAlert(tx: Tx, companyId: string, roundId: string, kind: AlertKind, now: Date) {
  const at = now.toISOString();
  const claim = {
    late: sql`update tour_rounds set late_alerted_at = ${at}::timestamptz where company_id = ${companyId} and id = ${roundId} and status = 'planned' and late_alerted_at is null returning id`,
    overdue: sql`update tour_rounds set overdue_alerted_at = ${at}::timestamptz where company_id = ${companyId} and id = ${roundId} and status = 'in_progress' and overdue_alerted_at is null returning id`,
    close: sql`update tour_rounds set status = 'missed', finished_at = ${at}::timestamptz where company_id = ${companyId} and id = ${roundId} and status in ('planned', 'in_progress') returning id`,
    missed: sql`update tour_rounds set missed_alerted_at = ${at}::timestamptz where company_id = ${companyId} and id = ${roundId} and status = 'missed' and missed_alerted_at is null returning id`,
  }[kind];
  return rowsOf(await tx.execute(claim)).length > 0;
}

/** What an alert says of its round: the tour, its site, the agent, the planned time and duration. */
export async function alertSubject(tx: Tx, companyId: string, roundId: string) {
  // A tour's site always exists (a foreign key): the look-up finds what a join on it did.
  const [r] = rowsOf<{
    tour_name: string;
    site_name: string;
    agent_name: string | null;
    planned_at: Date | string;
    expected_minutes: number;
  }>(
    await tx.execute(sql`select t.name as tour_name, ${siteNameOf(sql`t.company_id`, sql`t.site_id`)} as site_name,
        r.agent_name, r.planned_at, t.expected_minutes
      from tour_rounds r join tours t on t.company_id = r.company_id and t.id = r.tour_id
      where r.company_id = ${companyId} and r.id = ${roundId}`),
  );
  return r;
}

/** The names of the round's checkpoints not scanned, in their order on the tour. */
export async function missedCheckpointNames(tx: Tx, companyId: string, roundId: string) {
  return rowsOf<{ name: string }>(
    await tx.execute(sql`select c.name from tour_checkpoints c join tour_rounds r on r.company_id = c.company_id and r.tour_id = c.tour_id
      where r.company_id = ${companyId} and r.id = ${roundId}
        and not exists (select 1 from tour_scans x where x.company_id = c.company_id and x.round_id = r.id and x.checkpoint_id = c.id)
      order by c.position`),
  ).map((m) => m.name);
}
