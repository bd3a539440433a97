// All the SQL of the alarm receiver's ingest and of the panels' supervision pass. A frame arrives
// without a company: the owner-run `panel_resolve` (migration 0043) turns (line prefix, account)
// into the panel's company and id, and everything else runs under that company's RLS.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { panelSignals, panels } from '../../../db/schema';
import { alarmIsOpen } from '../../alarms/alarms.sql';

export type PanelTarget = { companyId: string; panelId: string };

/** The panel (line prefix, account) names, across companies; undefined when none. */
export async function resolvePanel(db: Database, prefix: string, account: string) {
  const rows = rowsOf<{ company_id: string; panel_id: string }>(
    await db.direct.execute(sql`select company_id, panel_id from panel_resolve(${prefix}, ${account})`),
  );
  const row = rows[0];
  return row ? { companyId: row.company_id, panelId: row.panel_id } : undefined;
}

const ingestColumns = {
  id: panels.id,
  siteId: panels.siteId,
  name: panels.name,
  account: panels.account,
  aesKey: panels.aesKey,
  supervisionMinutes: panels.supervisionMinutes,
  zones: panels.zones,
  testUntil: panels.testUntil,
  windowLateSeconds: panels.windowLateSeconds,
  windowEarlySeconds: panels.windowEarlySeconds,
  linkState: panels.linkState,
};

/** What the ingest reads of a panel, under its company's RLS. */
export async function findPanel(tx: Tx, companyId: string, panelId: string) {
  const [row] = await tx
    .select(ingestColumns)
    .from(panels)
    .where(and(eq(panels.companyId, companyId), eq(panels.id, panelId)));
  return row;
}
export type IngestPanel = NonNullable<Awaited<ReturnType<typeof findPanel>>>;

/** Several panels of one company at once (the link tests' panel cache), under its RLS. */
export async function findPanels(tx: Tx, companyId: string, panelIds: string[]): Promise<IngestPanel[]> {
  if (panelIds.length === 0) return [];
  return tx
    .select(ingestColumns)
    .from(panels)
    .where(and(eq(panels.companyId, companyId), inArray(panels.id, panelIds)));
}

/** A link test's journal row: the fast path writes nothing else. */
export type LinkTestRow = Pick<
  NewSignal,
  'panelId' | 'receivedAt' | 'transport' | 'raw' | 'sequence' | 'contentHash' | 'meaning' | 'zone'
>;

export type TouchedPanel = {
  id: string;
  previous: 'unknown' | 'ok' | 'lost';
  siteId: string;
  name: string;
  account: string;
  testUntil: Date | null;
};

/**
 * The link tests of several frames of one company in ONE statement and one round trip (its own
 * implicit transaction): each panel's timer restarted (rows locked in id order: two groups never
 * wait on each other in a circle), and the journal rows written for the panels that still exist.
 * The rows travel as one bound JSON value. A lost link stays 'lost' here: the caller restores it
 * with its main courante entry (restoreLinks). Answers the panels touched with their link's state
 * before.
 */
export async function recordLinkTests(
  db: Database,
  companyId: string,
  rows: LinkTestRow[],
): Promise<TouchedPanel[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(
    rows.map((r) => ({
      panel_id: r.panelId,
      received_at: r.receivedAt.toISOString(),
      transport: r.transport,
      raw: r.raw,
      sequence: r.sequence,
      content_hash: r.contentHash,
      meaning: r.meaning,
      zone: r.zone,
    })),
  );
  const res = await db.writeTenant<Record<string, unknown>>(
    companyId,
    sql`
    with r as (
      select * from jsonb_to_recordset(${json}::jsonb) as r(panel_id uuid, received_at timestamptz,
        transport text, raw text, sequence text, content_hash text, meaning text, zone integer)
    ), l as (
      select panel_id as id, max(received_at) as at from r group by panel_id
    ), o as (
      select x.id, x.link_state as previous, l.at from panels x join l on l.id = x.id
       where x.company_id = ${companyId} order by x.id for update of x
    ), upd as (
      update panels p set last_signal_at = greatest(coalesce(p.last_signal_at, o.at), o.at),
                          link_state = case when o.previous = 'lost' then 'lost' else 'ok' end
        from o where p.company_id = ${companyId} and p.id = o.id
      returning p.id, o.previous, p.site_id, p.name, p.account, p.test_until
    ), ins as (
      insert into panel_signals (company_id, panel_id, received_at, transport, raw, sequence, content_hash,
                                 meaning, answer, outcome, zone)
      select ${companyId}, r.panel_id, r.received_at, r.transport, r.raw, r.sequence, r.content_hash,
             r.meaning, 'ACK', 'supervision', r.zone
        from r join upd on upd.id = r.panel_id
      returning 1
    )
    select id, previous, site_id, name, account, test_until from upd`,
  );
  return (
    res as {
      id: string;
      previous: TouchedPanel['previous'];
      site_id: string;
      name: string;
      account: string;
      test_until: Date | string | null;
    }[]
  ).map((row) => ({
    id: row.id,
    previous: row.previous,
    siteId: row.site_id,
    name: row.name,
    account: row.account,
    testUntil: row.test_until === null ? null : new Date(row.test_until),
  }));
}

/**
 * Lost links heard again: 'ok' once, in the caller's transaction with their « Liaison rétablie »
 * entries. Answers the panels restored (another instance may have restored some already).
 */
export async function restoreLinks(tx: Tx, companyId: string, panelIds: string[]): Promise<TouchedPanel[]> {
  if (panelIds.length === 0) return [];
  const res = await tx.execute(sql`
    update panels p set link_state = 'ok'
     where p.company_id = ${companyId} and p.id = any(${`{${panelIds.join(',')}}`}::uuid[]) and p.link_state = 'lost'
    returning p.id, p.site_id, p.name, p.account, p.test_until`);
  return rowsOf<{
    id: string;
    site_id: string;
    name: string;
    account: string;
    test_until: Date | string | null;
  }>(res).map((row) => ({
    id: row.id,
    previous: 'lost',
    siteId: row.site_id,
    name: row.name,
    account: row.account,
    testUntil: row.test_until === null ? null : new Date(row.test_until),
  }));
}

export type NewSignal = {
  panelId: string;
  receivedAt: Date;
  transport: 'tcp' | 'udp' | 'surgard';
  raw: string;
  sequence: string | null;
  contentHash: string | null;
  meaning: string;
  answer: 'ACK' | 'NAK' | 'DUH' | 'none';
  outcome: 'alarm' | 'restore' | 'logbook' | 'supervision' | 'unknown' | 'test' | 'duplicate' | 'refused';
  alarmId: string | null;
  zone: number | null;
  alarmType: string | null;
};

/** Journal rows of one frame (one per event), in order; answers their ids. */
export async function insertSignals(tx: Tx, companyId: string, rows: NewSignal[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await tx
    .insert(panelSignals)
    .values(rows.map((r) => ({ ...r, companyId })))
    .returning({ id: panelSignals.id });
  return ids.map((r) => Number(r.id));
}

/**
 * An alarm frame's panel read afresh, with whether this frame was already taken (a resend), in one
 * round trip: what the grouped alarm path checks before it writes (alarm-frames.ts).
 */
export async function alarmFrameState(
  db: Database,
  companyId: string,
  panelId: string,
  sequence: string,
  contentHash: string,
  since: Date,
) {
  const [row] = await db.readTenant<{
    account: string;
    test_until: Date | null;
    link_state: 'unknown' | 'ok' | 'lost';
    taken: boolean;
  }>(
    companyId,
    sql`select p.account, p.test_until, p.link_state,
               exists (${takenRows(sql`p.company_id`, sql`p.id`, sequence, contentHash, since)}) as taken
          from panels p where p.company_id = ${companyId} and p.id = ${panelId}`,
  );
  return (
    row && {
      account: row.account,
      linkState: row.link_state,
      taken: row.taken,
      testUntil: row.test_until === null ? null : new Date(row.test_until),
    }
  );
}

/**
 * An alarm frame's journal row (naming the alarm it raised) and its panel's timer, as one statement
 * for the alarm's creation group (alarms.service createAlarm's `alongside`): the alarm, its journal
 * row and the timer commit together. A lost link stays lost here: the panel's next link test
 * restores it with its « Liaison rétablie » entry.
 */
export function alarmFrameJournalSql(companyId: string, row: NewSignal) {
  const at = row.receivedAt.toISOString();
  return sql`with j as (
      insert into panel_signals (company_id, panel_id, received_at, transport, raw, sequence, content_hash,
                                 meaning, answer, outcome, alarm_id, zone, alarm_type)
      values (${companyId}, ${row.panelId}, ${at}::timestamptz, ${row.transport}, ${row.raw}, ${row.sequence},
              ${row.contentHash}, ${row.meaning}, ${row.answer}, ${row.outcome}, ${row.alarmId}::uuid,
              ${row.zone}::int, ${row.alarmType})
    )
    update panels p set last_signal_at = greatest(coalesce(p.last_signal_at, ${at}::timestamptz), ${at}::timestamptz),
                        link_state = case when p.link_state = 'lost' then 'lost' else 'ok' end
     where p.company_id = ${companyId} and p.id = ${row.panelId}`;
}

/**
 * Whether the panel's frame with this sequence (null: a Sur-Gard line) and content was already
 * taken (answered ACK) since `since`: a resend after a lost ACK, seen by every instance and after a
 * restart. Refused frames do not count: the panel's next try must be processed.
 */
export async function wasTaken(
  tx: Tx,
  companyId: string,
  panelId: string,
  sequence: string | null,
  contentHash: string,
  since: Date,
) {
  const res = await tx.execute(
    sql`${takenRows(sql`${companyId}`, sql`${panelId}`, sequence, contentHash, since)} limit 1`,
  );
  return rowsOf(res).length > 0;
}

/** The journal rows that took this frame (answered ACK) since `since`: what a resend is matched on. */
function takenRows(companyId: SQL, panelId: SQL, sequence: string | null, contentHash: string, since: Date) {
  return sql`select 1 from panel_signals s
     where s.company_id = ${companyId} and s.panel_id = ${panelId}
       and ${sequence === null ? sql`s.sequence is null` : sql`s.sequence = ${sequence}`}
       and s.content_hash = ${contentHash} and s.received_at >= ${since.toISOString()}::timestamptz
       and s.outcome <> 'refused'`;
}

/**
 * An intact frame restarts the panel's supervision: its last signal and link 'ok'. Answers the
 * link's state before (a 'lost' link is thus restored once, by the frame that restores it).
 */
export async function touchPanel(tx: Tx, companyId: string, panelId: string, at: Date) {
  const res = await tx.execute(sql`
    update panels p set last_signal_at = greatest(coalesce(p.last_signal_at, ${at.toISOString()}::timestamptz),
                                                  ${at.toISOString()}::timestamptz),
                        link_state = 'ok'
      from (select link_state from panels where company_id = ${companyId} and id = ${panelId} for update) o
     where p.company_id = ${companyId} and p.id = ${panelId}
     returning o.link_state as previous`);
  return rowsOf<{ previous: 'unknown' | 'ok' | 'lost' }>(res)[0]?.previous;
}

/**
 * The newest alarm this panel raised of this type (and zone: null for none) that is not resolved:
 * what a restore restores. Found through the journal's alarm_id; whether the alarm is still open is
 * the alarms module's fragment.
 */
export async function openAlarmRaisedBy(
  tx: Tx,
  companyId: string,
  panelId: string,
  alarmType: string,
  zone: number | null,
) {
  const res = await tx.execute(sql`
    select s.alarm_id from panel_signals s
     where s.company_id = ${companyId} and s.panel_id = ${panelId} and s.outcome = 'alarm'
       and s.alarm_type = ${alarmType}
       and ${zone === null ? sql`s.zone is null` : sql`s.zone = ${zone}`}
       and s.alarm_id is not null
       and ${alarmIsOpen(sql`s.company_id`, sql`s.alarm_id`)}
     order by s.received_at desc, s.id desc
     limit 1`);
  return rowsOf<{ alarm_id: string }>(res)[0]?.alarm_id;
}

/** Supervised panels silent past their interval, every company (owner-run, at most 1,000). */
export async function supervisionCandidates(db: Database, now: Date) {
  return rowsOf<{ company_id: string; panel_id: string }>(
    await db.direct.execute(
      sql`select company_id, panel_id from panel_supervision_candidates(${now.toISOString()}::timestamptz)`,
    ),
  );
}

/**
 * The link is lost: only if the panel is still overdue now (a frame may have arrived since the
 * candidates were read) and not lost already. Answers the panel when it changed, else undefined.
 */
export async function markLinkLost(tx: Tx, companyId: string, panelId: string, now: Date) {
  const res = await tx.execute(sql`
    update panels p set link_state = 'lost'
     where p.company_id = ${companyId} and p.id = ${panelId} and p.supervision_minutes is not null
       and p.link_state <> 'lost' and p.last_signal_at is not null
       and p.last_signal_at < ${now.toISOString()}::timestamptz - make_interval(mins => p.supervision_minutes)
     returning p.id, p.site_id, p.name, p.account, p.test_until, p.last_signal_at, p.supervision_minutes`);
  const row = rowsOf<{
    id: string;
    site_id: string;
    name: string;
    account: string;
    test_until: Date | string | null;
    last_signal_at: Date | string;
    supervision_minutes: number;
  }>(res)[0];
  if (!row) return undefined;
  return {
    id: row.id,
    siteId: row.site_id,
    name: row.name,
    account: row.account,
    testUntil: row.test_until === null ? null : new Date(row.test_until),
    lastSignalAt: new Date(row.last_signal_at),
    supervisionMinutes: Number(row.supervision_minutes),
  };
}
