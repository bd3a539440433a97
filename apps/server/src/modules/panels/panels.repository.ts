// All the SQL of the alarm panels: the panels, the company's line prefix and the signal journal.
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { purgedRowsOf } from '../../db/batched-purge';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { panels } from '../../db/schema';
import { siteNameOf } from '../sites/sites.sql';
import type { NewPanel, PanelSignalRow, PanelWithSite } from './panels.models';

export interface PanelListFilter {
  siteId?: string | undefined;
}

// Fully qualified: Drizzle renders a single-table select's columns bare, which the subquery would capture.
const withSite = {
  ...getTableColumns(panels),
  siteName: siteNameOf(sql`"panels"."company_id"`, sql`"panels"."site_id"`),
};

const filterWhere = (companyId: string, f: PanelListFilter) =>
  and(eq(panels.companyId, companyId), f.siteId ? eq(panels.siteId, f.siteId) : undefined);

// The list's columns under their API names (a raw read returns the driver's rows as they are).
const listColumns = sql`${panels.companyId} as "companyId", ${panels.id} as "id", ${panels.siteId} as "siteId",
  ${withSite.siteName} as "siteName", ${panels.name} as "name", ${panels.account} as "account",
  ${panels.aesKey} as "aesKey", ${panels.supervisionMinutes} as "supervisionMinutes", ${panels.zones} as "zones",
  ${panels.testUntil} as "testUntil", ${panels.windowLateSeconds} as "windowLateSeconds",
  ${panels.windowEarlySeconds} as "windowEarlySeconds", ${panels.lastSignalAt} as "lastSignalAt",
  ${panels.linkState} as "linkState", ${panels.createdAt} as "createdAt", ${panels.updatedAt} as "updatedAt"`;

/**
 * One page (up to limit + 1 rows, in `(name, id)` order: the `(company_id, name, id)` index) and
 * the filter's total, in one statement: the total is an uncorrelated sub-select, computed once.
 * Only an empty page after a cursor needs a second statement for the total.
 */
export async function listPanelsPage(
  db: Database,
  companyId: string,
  f: PanelListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const after = page.after
    ? sql`(${panels.name}, ${panels.id}) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : undefined;
  const rows = await db.readTenant<PanelWithSite & { total: number }>(
    companyId,
    sql`select ${listColumns},
        (select count(*)::int from ${panels} where ${filterWhere(companyId, f)}) as "total"
      from ${panels}
      where ${and(filterWhere(companyId, f), after)}
      order by ${panels.name}, ${panels.id}
      limit ${page.limit + 1}`,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    total = page.after
      ? ((
          await db.readTenant<{ n: number }>(
            companyId,
            sql`select count(*)::int as "n" from ${panels} where ${filterWhere(companyId, f)}`,
          )
        )[0]?.n ?? 0)
      : 0;
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

/** The panel with its site's name; its `aesKey` is the sealed key. */
export async function findPanel(tx: Tx, companyId: string, id: string): Promise<PanelWithSite | undefined> {
  const [row] = await tx
    .select(withSite)
    .from(panels)
    .where(and(eq(panels.companyId, companyId), eq(panels.id, id)));
  return row;
}

/** Does the company have this panel? One read, for the journal's 404. */
export async function panelExists(db: Database, companyId: string, id: string) {
  const rows = await db.readTenant<{ one: number }>(
    companyId,
    sql`select 1 as "one" from ${panels} where ${panels.companyId} = ${companyId} and ${panels.id} = ${id}`,
  );
  return rows.length > 0;
}

/** Another panel of the company programmed with this account (upper case), if any. */
export async function accountTaken(tx: Tx, companyId: string, account: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: panels.id })
    .from(panels)
    .where(
      and(
        eq(panels.companyId, companyId),
        eq(panels.account, account),
        exceptId ? ne(panels.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertPanel(tx: Tx, values: NewPanel) {
  const [row] = await tx.insert(panels).values(values).returning({ id: panels.id });
  if (!row) throw new Error('panel insert returned nothing');
  return row.id;
}

export async function updatePanel(tx: Tx, companyId: string, id: string, values: Partial<NewPanel>) {
  const rows = await tx
    .update(panels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(panels.companyId, companyId), eq(panels.id, id)))
    .returning({ id: panels.id });
  return rows.length > 0;
}

/** Every panel of the site in test until `testUntil` (null: out of test); answers those changed. */
export async function setSiteTest(tx: Tx, companyId: string, siteId: string, testUntil: Date | null) {
  return tx
    .update(panels)
    .set({ testUntil, updatedAt: sql`now()` })
    .where(and(eq(panels.companyId, companyId), eq(panels.siteId, siteId)))
    .returning({ id: panels.id, name: panels.name });
}

/** Deletes the panel; its journal goes with it (foreign key, on delete cascade). */
export async function deletePanel(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(panels)
    .where(and(eq(panels.companyId, companyId), eq(panels.id, id)))
    .returning({ id: panels.id });
  return rows.length > 0;
}

/** The company's line prefix, if it has one yet. */
export async function findLinePrefix(tx: Tx, companyId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ prefix: string }>(
    await tx.execute(sql`select prefix from panel_line_prefixes where company_id = ${companyId}`),
  );
  return row?.prefix;
}

/**
 * Gives the company the next line prefix of the sequence (1, 2, … A, B, … in hexadecimal), unless
 * it has one: a concurrent first assignment waits on the key and then does nothing.
 */
export async function insertLinePrefix(tx: Tx, companyId: string) {
  await tx.execute(sql`
    insert into panel_line_prefixes (company_id, prefix)
    values (${companyId}, upper(to_hex(nextval('panel_line_prefix_seq'))))
    on conflict (company_id) do nothing`);
}

/** A journal's total is counted up to this (+1): beyond, the list says "more than". */
export const SIGNAL_COUNT_BOUND = 1_000;

/**
 * One page of a panel's journal, newest first (limit + 1 rows: the extra one says there is more),
 * and its total bounded by SIGNAL_COUNT_BOUND, in one statement. It walks the (company_id,
 * panel_id, received_at desc, id desc) index from the cursor: the last listed row's (received_at to
 * the microsecond, id).
 */
export async function listSignalsPage(
  db: Database,
  companyId: string,
  panelId: string,
  page: { limit: number; before?: [string, number] | undefined },
) {
  const where = sql`s.company_id = ${companyId} and s.panel_id = ${panelId}`;
  const before = page.before
    ? sql`and (s.received_at, s.id) < (${page.before[0]}::timestamptz, ${page.before[1]}::bigint)`
    : sql``;
  const total = sql`(select count(*)::int from (
      select 1 from panel_signals s where ${where} limit ${SIGNAL_COUNT_BOUND + 1}) c)`;
  const rows = await db.readTenant<Omit<PanelSignalRow, 'id'> & { id: string | number; total: number }>(
    companyId,
    sql`select s.id as "id", s.received_at as "receivedAt",
        to_char(s.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "receivedAtKey",
        s.transport as "transport", s.raw as "raw", s.meaning as "meaning", s.answer as "answer",
        s.outcome as "outcome", s.alarm_id as "alarmId", ${total} as "total"
      from panel_signals s
      where ${where} ${before}
      order by s.received_at desc, s.id desc
      limit ${page.limit + 1}`,
  );
  let count = rows[0]?.total;
  if (count === undefined) {
    count = page.before
      ? ((await db.readTenant<{ n: number }>(companyId, sql`select ${total} as "n"`))[0]?.n ?? 0)
      : 0;
  }
  return {
    rows: rows.map(({ total: _total, ...r }): PanelSignalRow => ({ ...r, id: Number(r.id) })),
    total: count,
  };
}

/** Removes up to `batch` journal rows past their company's retention (owner-run, every company). */
export async function purgeExpiredSignals(db: Database, now: Date, batch: number) {
  return purgedRowsOf(
    await db.direct.execute(
      sql`select company_id, removed from panel_signals_purge(${now.toISOString()}::timestamptz, ${batch})`,
    ),
  );
}
