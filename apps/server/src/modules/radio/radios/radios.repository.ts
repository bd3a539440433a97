import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { radios } from '../../../db/schema';
import { notifyEventsOf } from '../../events/events.sql';
import type { PositionPush } from './position-pushes';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RadioRow = typeof radios.$inferSelect;
export type NewRadio = typeof radios.$inferInsert;
export type RadioWithNames = RadioRow & { agentName: string | null; channelName: string | null };

const withNames = {
  ...getTableColumns(radios),
  agentName: sql<
    string | null
  >`(select a.name from agents a where a.company_id = ${radios.companyId} and a.id = ${radios.agentId})`,
  channelName: sql<
    string | null
  >`(select c.name from radio_channels c where c.company_id = ${radios.companyId} and c.id = ${radios.currentChannelId})`,
};

export async function listRadiosPage(
  tx: Tx,
  companyId: string,
  f: { status?: RadioRow['status'] | undefined },
  page: { limit: number; after?: [string, string] | undefined },
) {
  const where = and(eq(radios.companyId, companyId), f.status ? eq(radios.status, f.status) : undefined);
  const after = page.after
    ? sql`(${radios.imei}, ${radios.id}) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : undefined;
  const rows = (await tx
    .select(withNames)
    .from(radios)
    .where(and(where, after))
    .orderBy(asc(radios.imei), asc(radios.id))
    .limit(page.limit + 1)) as RadioWithNames[];
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(radios).where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function findRadio(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withNames)
    .from(radios)
    .where(and(eq(radios.companyId, companyId), eq(radios.id, id)));
  return row as RadioWithNames | undefined;
}

export async function findRadioByImei(tx: Tx, companyId: string, imei: string) {
  const [row] = await tx
    .select(withNames)
    .from(radios)
    .where(and(eq(radios.companyId, companyId), eq(radios.imei, imei)));
  return row as RadioWithNames | undefined;
}

export async function existingRadioIds(tx: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: radios.id })
    .from(radios)
    .where(and(eq(radios.companyId, companyId), inArray(radios.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertRadio(tx: Tx, values: NewRadio) {
  const [row] = await tx.insert(radios).values(values).returning({ id: radios.id });
  if (!row) throw new Error('radio insert returned nothing');
  return row.id;
}

export async function updateRadio(tx: Tx, companyId: string, id: string, values: Partial<NewRadio>) {
  const rows = await tx
    .update(radios)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(radios.companyId, companyId), eq(radios.id, id)))
    .returning({ id: radios.id });
  return rows.length > 0;
}

export async function deleteRadio(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .delete(radios)
    .where(and(eq(radios.companyId, companyId), eq(radios.id, id)))
    .returning({ imei: radios.imei });
  return row;
}

/** Counts for the summary card: all, active or assigned, and online within the window. */
export async function radioCounts(tx: Tx, companyId: string, onlineSince: Date) {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${radios.status} in ('active', 'assigned')))::int`,
      online: sql<number>`(count(*) filter (where ${radios.lastSeenAt} >= ${onlineSince.toISOString()}::timestamptz))::int`,
    })
    .from(radios)
    .where(eq(radios.companyId, companyId));
  return row ?? { total: 0, active: 0, online: 0 };
}

export interface StatusReport {
  imei: string;
  battery?: number;
  signal?: number;
  /** The channel's id or name (any case), when the handset says which channel it is on. */
  channelRef?: string;
  position?: { lat: number; lng: number; accuracy?: number | null };
  /** Whether the position goes to the map as a `radio.position` event (position-pushes.ts). */
  pushPosition?: PositionPush | undefined;
}

/**
 * A status report in one statement (db.writeTenant, one round trip): the radio's row updated, and a
 * 'radio.changed' event with its NOTIFY only when a screen shows a difference — back online (not
 * heard for 2 min), another channel, or a battery (> 50 %) or signal (> 70 %) colour crossing (the
 * radio display rules). With `pushPosition`, a 'radio.position' event too (the map's marker; an
 * inactive radio is not drawn, so not pushed). An unknown channel changes nothing. Answers the radio's
 * id (null: unknown IMEI), whether the channel was found and whether the position was pushed.
 */
export function reportStatusSql(companyId: string, r: StatusReport): SQL {
  const isUuid = r.channelRef !== undefined && uuidPattern.test(r.channelRef);
  const channel =
    r.channelRef === undefined
      ? sql`select null::uuid as id where false`
      : isUuid
        ? sql`select id from radio_channels where company_id = ${companyId} and id = ${r.channelRef}::uuid`
        : sql`select id from radio_channels where company_id = ${companyId} and lower(name) = lower(${r.channelRef}) limit 1`;
  const sets = [sql`last_seen_at = now()`, sql`updated_at = now()`];
  if (r.battery !== undefined) sets.push(sql`battery = ${r.battery}`);
  if (r.signal !== undefined) sets.push(sql`signal_strength = ${r.signal}`);
  if (r.channelRef !== undefined) sets.push(sql`current_channel_id = (select id from ch)`);
  if (r.position)
    sets.push(
      sql`last_lat = ${r.position.lat}, last_lng = ${r.position.lng}, last_accuracy_m = ${r.position.accuracy ?? null}, last_position_at = now()`,
    );
  const channelKnown = r.channelRef === undefined ? sql`true` : sql`exists (select 1 from ch)`;
  const position = r.position && r.pushPosition ? positionEventSql(r.pushPosition) : undefined;
  return sql`
    with old as (
      select id, last_seen_at, battery, signal_strength, current_channel_id, last_lat, last_lng
        from radios where company_id = ${companyId} and imei = ${r.imei}
    ),
    ch as (${channel}),
    upd as (
      update radios r set ${sql.join(sets, sql`, `)}
        from old
       where r.company_id = ${companyId} and r.id = old.id and ${channelKnown}
      returning r.company_id, r.id, r.battery, r.signal_strength, r.current_channel_id, r.status,
                r.agent_id, r.last_lat, r.last_lng, r.last_accuracy_m, r.last_position_at
    ),
    ${position ? sql`pos as (${position}),` : sql``}
    pub as (
      insert into events (company_id, type, payload)
      select u.company_id, 'radio.changed',
             jsonb_build_object('kind', 'radio', 'id', u.id::text, 'change', 'status')
        from upd u join old o on o.id = u.id
       where o.last_seen_at is null or o.last_seen_at < now() - interval '2 minutes'
          or u.current_channel_id is distinct from o.current_channel_id
          or (o.battery > 50) is distinct from (u.battery > 50)
          or (o.signal_strength > 70) is distinct from (u.signal_strength > 70)
      returning company_id, id, type, payload, created_at
    ),
    n as (${notifyEventsOf(position ? sql`(select * from pub union all select * from pos)` : sql`pub`)})
    select (select id::text from old) as "radioId", ${channelKnown} as "channelKnown",
           (select count(*)::int from n) as "pushed",
           ${position ? sql`exists (select 1 from pos)` : sql`false`} as "positionPushed"`;
}

/**
 * The 'radio.position' event of the updated radio (CTEs old and upd of reportStatusSql): always, or
 * only when the position differs from the stored one. Written in the status statement rather than
 * with publishEvent, which would take a transaction and more round trips on the hottest path.
 */
function positionEventSql(push: PositionPush) {
  const moved =
    push === 'always'
      ? sql`true`
      : sql`(o.last_lat is distinct from u.last_lat or o.last_lng is distinct from u.last_lng)`;
  return sql`
      insert into events (company_id, type, payload)
      select u.company_id, 'radio.position',
             jsonb_build_object('radioId', u.id::text, 'agentId', u.agent_id::text,
                                'lat', u.last_lat, 'lng', u.last_lng, 'accuracy', u.last_accuracy_m,
                                'at', to_char(u.last_position_at at time zone 'UTC',
                                              'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from upd u join old o on o.id = u.id
       where u.status <> 'inactive' and ${moved}
      returning company_id, id, type, payload, created_at`;
}
