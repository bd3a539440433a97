import { RADIO_ONLINE_WINDOW_MS } from '@vigie/contract/radio.contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { agents, radioChannelMembers, radioChannels } from '../../../db/schema';

export type ChannelRow = typeof radioChannels.$inferSelect;
export type NewChannel = typeof radioChannels.$inferInsert;

export interface MemberRow {
  channel_id: string;
  kind: 'agent' | 'radio';
  id: string;
  name: string;
  active: boolean;
}

export async function findChannelRow(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(radioChannels)
    .where(and(eq(radioChannels.companyId, companyId), eq(radioChannels.id, id)));
  return row;
}

/** A channel named by a handset: its id, or its name whatever the case. */
export async function findChannelByRef(tx: Tx, companyId: string, ref: string) {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref);
  const [row] = await tx
    .select()
    .from(radioChannels)
    .where(
      and(
        eq(radioChannels.companyId, companyId),
        isUuid ? eq(radioChannels.id, ref) : sql`lower(${radioChannels.name}) = lower(${ref})`,
      ),
    );
  return row;
}

/** Channels by priority (Urgence first), then name. A company holds a few dozen. */
export async function listChannelRows(
  tx: Tx,
  companyId: string,
  page: { limit: number; after?: [number, string, string] | undefined },
) {
  const after = page.after
    ? sql`(-${radioChannels.priority}, ${radioChannels.name}, ${radioChannels.id}) > (${-page.after[0]}::int, ${page.after[1]}::text, ${page.after[2]}::uuid)`
    : undefined;
  const rows = await tx
    .select()
    .from(radioChannels)
    .where(and(eq(radioChannels.companyId, companyId), after))
    .orderBy(sql`-${radioChannels.priority}`, radioChannels.name, radioChannels.id)
    .limit(page.limit + 1);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(radioChannels)
    .where(eq(radioChannels.companyId, companyId));
  return { rows, total: count?.n ?? 0 };
}

/**
 * Members of the channels, with whether each is active now: a radio that reported within the
 * window; an agent on duty (clocked in, not out) or holding such a radio.
 */
export async function membersOf(tx: Tx, companyId: string, channelIds: string[], now: Date) {
  if (channelIds.length === 0) return [];
  const since = new Date(now.getTime() - RADIO_ONLINE_WINDOW_MS).toISOString();
  const ids = sql.join(
    channelIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return rowsOf<MemberRow>(
    await tx.execute(sql`
      select m.channel_id, 'agent' as kind, a.id, a.name,
             (exists (select 1 from shifts s where s.company_id = a.company_id and s.agent_id = a.id
                        and s.status = 'En cours' and s.clock_in_at is not null and s.clock_out_at is null)
              or exists (select 1 from radios r where r.company_id = a.company_id and r.agent_id = a.id
                           and r.last_seen_at >= ${since}::timestamptz)) as active
        from radio_channel_members m join agents a on a.company_id = m.company_id and a.id = m.agent_id
       where m.company_id = ${companyId} and m.channel_id in (${ids})
      union all
      select m.channel_id, 'radio' as kind, r.id,
             r.imei || coalesce(' · ' || (select a.name from agents a where a.company_id = r.company_id and a.id = r.agent_id), ''),
             coalesce(r.last_seen_at >= ${since}::timestamptz, false)
        from radio_channel_members m join radios r on r.company_id = m.company_id and r.id = m.radio_id
       where m.company_id = ${companyId} and m.channel_id in (${ids})
       order by 4`),
  );
}

/** The company's channels, for the summary card. */
export async function countChannels(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(radioChannels)
    .where(eq(radioChannels.companyId, companyId));
  return row?.n ?? 0;
}

/** Which of `ids` are agents of the company (a channel's members must all be). */
export async function existingAgentIds(tx: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.companyId, companyId), inArray(agents.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertChannel(tx: Tx, values: NewChannel) {
  const [row] = await tx.insert(radioChannels).values(values).returning({ id: radioChannels.id });
  if (!row) throw new Error('channel insert returned nothing');
  return row.id;
}

export async function updateChannel(tx: Tx, companyId: string, id: string, values: Partial<NewChannel>) {
  const rows = await tx
    .update(radioChannels)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(radioChannels.companyId, companyId), eq(radioChannels.id, id)))
    .returning({ id: radioChannels.id });
  return rows.length > 0;
}

export async function deleteChannel(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .delete(radioChannels)
    .where(and(eq(radioChannels.companyId, companyId), eq(radioChannels.id, id)))
    .returning({ name: radioChannels.name });
  return row;
}

export async function replaceMembers(
  tx: Tx,
  companyId: string,
  channelId: string,
  members: { agentIds: string[]; radioIds: string[] },
) {
  await tx
    .delete(radioChannelMembers)
    .where(and(eq(radioChannelMembers.companyId, companyId), eq(radioChannelMembers.channelId, channelId)));
  const values = [
    ...members.agentIds.map((agentId) => ({ companyId, channelId, agentId })),
    ...members.radioIds.map((radioId) => ({ companyId, channelId, radioId })),
  ];
  if (values.length > 0) await tx.insert(radioChannelMembers).values(values);
}

/** Whether the user (through their agent record) is a member of the channel. */
export async function isUserMember(tx: Tx, companyId: string, channelId: string, userId: string) {
  const rows = rowsOf<{ ok: number }>(
    await tx.execute(sql`
      select 1 as ok from radio_channel_members m join agents a on a.company_id = m.company_id and a.id = m.agent_id
       where m.company_id = ${companyId} and m.channel_id = ${channelId} and a.user_id = ${userId}
      limit 1`),
  );
  return rows.length > 0;
}
