import { and, count, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cameras } from '../../db/schema';
import { tokenCandidates, tokenMatch } from '../../db/search-tokens';
import { siteNameOf } from '../sites/sites.sql';
import type { CameraWithSite } from './cameras.models';

export type NewCamera = typeof cameras.$inferInsert;

export interface CameraListFilter {
  siteId?: string | undefined;
  status?: 'En ligne' | 'Hors ligne' | undefined;
  search?: string | undefined;
}

const { searchText: _searchText, ...cameraColumns } = getTableColumns(cameras);
// Fully qualified: Drizzle renders a single-table select's columns bare, which the subquery would capture.
const withSite = {
  ...cameraColumns,
  siteName: siteNameOf(sql`"cameras"."company_id"`, sql`"cameras"."site_id"`),
};

function filterWhere(companyId: string, f: CameraListFilter) {
  return and(
    eq(cameras.companyId, companyId),
    f.siteId ? eq(cameras.siteId, f.siteId) : undefined,
    f.status ? eq(cameras.status, f.status) : undefined,
    // Every word starts a word of the name or location, ignoring case and accents (kept tokens: an
    // index condition under row-level security, db/search-tokens.ts).
    f.search
      ? tokenMatch(
          { table: 'camera_search_tokens', rowColumn: 'camera_id' },
          companyId,
          sql`${cameras.id}`,
          f.search,
        )
      : undefined,
  );
}

// The list's columns under their API names (a raw read returns the driver's rows as they are).
const listColumns = sql`${cameras.id} as "id", ${cameras.siteId} as "siteId", ${withSite.siteName} as "siteName",
  ${cameras.name} as "name", ${cameras.location} as "location", ${cameras.type} as "type",
  ${cameras.resolution} as "resolution", ${cameras.ipAddress} as "ipAddress", ${cameras.rtspUrl} as "rtspUrl",
  ${cameras.snapshotUrl} as "snapshotUrl", ${cameras.onvifUrl} as "onvifUrl",
  ${cameras.liveTranscode} as "liveTranscode", ${cameras.preAlarmSeconds} as "preAlarmSeconds",
  ${cameras.streamUsername} as "streamUsername",
  ${cameras.streamPassword} as "streamPassword", ${cameras.nightVision} as "nightVision",
  ${cameras.motionDetection} as "motionDetection", ${cameras.recording} as "recording",
  ${cameras.status} as "status", ${cameras.lastPing} as "lastPing", ${cameras.createdAt} as "createdAt",
  ${cameras.updatedAt} as "updatedAt"`;

/**
 * One page (up to limit + 1 rows, in `(name, id)` order: the `(company_id, name, id)` index, or
 * `(company_id, site_id, name, id)` for one site) and the filter's total, in one statement and one
 * round trip: the total is an uncorrelated sub-select, computed once. Only an empty page after a
 * cursor needs a second statement for the total.
 */
export async function listCamerasPage(
  db: Database,
  companyId: string,
  f: CameraListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  // A row comparison, so that the cursor is an index condition (a seek), not a filter.
  const after = page.after
    ? sql`(${cameras.name}, ${cameras.id}) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : undefined;
  const rows = await db.readTenant<CameraWithSite & { total: number }>(
    companyId,
    f.search
      ? searchPage(companyId, f, page)
      : sql`select ${listColumns},
          (select count(*)::int from ${cameras} where ${filterWhere(companyId, f)}) as "total"
        from ${cameras}
        where ${and(filterWhere(companyId, f), after)}
        order by ${cameras.name}, ${cameras.id}
        limit ${page.limit + 1}`,
    // A search is prepared too: its plan is the token index's whatever the words (their number
    // makes another statement), and planning it each time cost 0.8 ms.
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    total = page.after ? await countCamerasRead(db, companyId, f) : 0;
  }
  return { rows, total };
}

/**
 * A search's matches are not in the name index's order, and its total has to visit every match
 * anyway: one pass keeps the matches' keys (name, id), the total counts them and the page is the
 * first `limit` of them after the cursor, joined back to the table by primary key (decision 0005).
 * The keys come from the token index alone — the tokens carry the camera's name (migration 0033) —
 * so a common word's 2,000 matches never read the cameras table; a site or status filter checks
 * each match by primary key.
 */
function searchPage(
  companyId: string,
  f: CameraListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const found = tokenCandidates(
    { table: 'camera_search_tokens', rowColumn: 'camera_id' },
    companyId,
    f.search ?? '',
    sql`, k.name`,
  );
  const filtered = f.siteId !== undefined || f.status !== undefined;
  const after = page.after
    ? sql`where (m.name, m.id) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : sql``;
  return sql`with m as materialized (
        select x.name, x.id from (${found ?? sql`select null::uuid as id, null::text as name where false`}) x
        ${
          filtered
            ? sql`where exists (select 1 from ${cameras} where ${filterWhere(companyId, { ...f, search: undefined })}
                                   and ${cameras.id} = x.id)`
            : sql``
        }
      ), p as (
        select m.name, m.id from m ${after} order by m.name, m.id limit ${page.limit + 1}
      )
      select ${listColumns}, (select count(*)::int from m) as "total"
        from p join ${cameras} on ${cameras.companyId} = ${companyId} and ${cameras.id} = p.id
       order by p.name, p.id`;
}

async function countCamerasRead(db: Database, companyId: string, f: CameraListFilter) {
  const [row] = await db.readTenant<{ n: number }>(
    companyId,
    sql`select count(*)::int as "n" from ${cameras} where ${filterWhere(companyId, f)}`,
  );
  return row?.n ?? 0;
}

export async function countCameras(tx: Tx, companyId: string, f: CameraListFilter = {}) {
  const [row] = await tx.select({ n: count() }).from(cameras).where(filterWhere(companyId, f));
  return Number(row?.n ?? 0);
}

export async function findCamera(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withSite)
    .from(cameras)
    .where(and(eq(cameras.companyId, companyId), eq(cameras.id, id)));
  return row;
}

/** Online cameras of a site with a stream address (an alarm's clip), by name, at most `limit`. */
export async function streamingCamerasOfSite(tx: Tx, companyId: string, siteId: string, limit: number) {
  return tx
    .select({ id: cameras.id, name: cameras.name })
    .from(cameras)
    .where(
      and(
        eq(cameras.companyId, companyId),
        eq(cameras.siteId, siteId),
        eq(cameras.status, 'En ligne'),
        isNotNull(cameras.rtspUrl),
      ),
    )
    .orderBy(cameras.name, cameras.id)
    .limit(limit);
}

/** Online cameras with a pre-alarm buffer, every company's (migration 0044's owner-run function). */
export async function preAlarmCandidates(db: Database) {
  return rowsOf<{ company_id: string; camera_id: string; pre_alarm_seconds: number }>(
    await db.direct.execute(
      sql`select company_id, camera_id, pre_alarm_seconds from camera_pre_alarm_candidates()`,
    ),
  );
}

/** Serialises creations within one company so that two requests cannot both pass the plan limit. */
export async function lockCameraCreation(tx: Tx, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cameras:${companyId}`}, 0))`);
}

export async function insertCamera(tx: Tx, values: NewCamera) {
  const [row] = await tx.insert(cameras).values(values).returning({ id: cameras.id });
  if (!row) throw new Error('camera insert returned nothing');
  return row.id;
}

export async function updateCamera(tx: Tx, companyId: string, id: string, values: Partial<NewCamera>) {
  const rows = await tx
    .update(cameras)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(cameras.companyId, companyId), eq(cameras.id, id)))
    .returning({ id: cameras.id });
  return rows.length > 0;
}

export async function deleteCamera(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(cameras)
    .where(and(eq(cameras.companyId, companyId), eq(cameras.id, id)))
    .returning({ id: cameras.id });
  return rows.length > 0;
}

/** Companies that still hold a camera password in clear (owner-run: every company at once). */
export async function companiesWithClearPasswords(db: Database) {
  const rows = rowsOf<{ company_id: string }>(
    await db.direct.execute(sql`select company_id from camera_companies_with_clear_passwords()`),
  );
  return rows.map((r) => r.company_id);
}

/** The company's camera passwords not yet sealed, locked until the transaction ends. */
export async function clearPasswordsForUpdate(tx: Tx, companyId: string) {
  return rowsOf<{ id: string; stream_password: string }>(
    await tx.execute(sql`
      select id, stream_password from cameras
       where company_id = ${companyId} and stream_password is not null
         and stream_password not like 'enc:v1:%' for update`),
  );
}

export async function setStreamPassword(tx: Tx, companyId: string, id: string, sealed: string) {
  await tx.execute(sql`
    update cameras set stream_password = ${sealed}
     where company_id = ${companyId} and id = ${id}`);
}
