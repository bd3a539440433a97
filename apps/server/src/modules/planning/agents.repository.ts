import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { agents } from '../../db/schema';
import { likePattern } from '../../plugins/pagination';
import { siteNameOf } from '../sites/sites.sql';

export type AgentRow = typeof agents.$inferSelect;
export type NewAgent = typeof agents.$inferInsert;
export type AgentWithSite = Omit<AgentRow, 'searchText'> & { siteName: string | null; onDuty: boolean };

export interface AgentListFilter {
  search?: string | undefined;
  status?: 'actif' | 'repos' | 'en congé' | 'indisponible' | 'en service' | undefined;
  siteId?: string | undefined;
}

const { searchText: _searchText, ...agentColumns } = getTableColumns(agents);
/** Clocked in on a shift right now: the derived 'En service'. */
const onDutySql = sql<boolean>`exists (select 1 from shifts s where s.company_id = "agents"."company_id"
  and s.agent_id = "agents"."id" and s.status = 'En cours')`;
const withSite = {
  ...agentColumns,
  siteName: siteNameOf(sql`"agents"."company_id"`, sql`"agents"."assigned_site_id"`),
  onDuty: onDutySql,
};

function filterWhere(companyId: string, f: AgentListFilter) {
  let status: ReturnType<typeof sql> | undefined;
  if (f.status === 'en service') status = onDutySql;
  else if (f.status) status = sql`${agents.status} = ${f.status} and not ${onDutySql}`;
  return and(
    eq(agents.companyId, companyId),
    f.siteId ? eq(agents.assignedSiteId, f.siteId) : undefined,
    status,
    // Same fold on both sides: "cyno" finds "Cynophile", "helene" finds "Hélène".
    f.search ? sql`${agents.searchText} like vigie_fold(${likePattern(f.search)})` : undefined,
  );
}

export async function listAgentsPage(
  tx: Tx,
  companyId: string,
  f: AgentListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const after = page.after
    ? sql`(${agents.name}, ${agents.id}) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : undefined;
  const rows = (await tx
    .select(withSite)
    .from(agents)
    .where(and(filterWhere(companyId, f), after))
    .orderBy(agents.name, agents.id)
    .limit(page.limit + 1)) as AgentWithSite[];
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(agents)
    .where(filterWhere(companyId, f));
  return { rows, total: count?.n ?? 0 };
}

export async function findAgent(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select(withSite)
    .from(agents)
    .where(and(eq(agents.companyId, companyId), eq(agents.id, id)));
  return row as AgentWithSite | undefined;
}

export async function findAgentByUser(tx: Tx, companyId: string, userId: string) {
  const [row] = await tx
    .select(withSite)
    .from(agents)
    .where(and(eq(agents.companyId, companyId), eq(agents.userId, userId)));
  return row as AgentWithSite | undefined;
}

export async function countAgents(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(agents)
    .where(eq(agents.companyId, companyId));
  return row?.n ?? 0;
}

/** Every agent's licences (daily check). */
export async function allAgentLicences(tx: Tx, companyId: string) {
  return tx
    .select({
      id: agents.id,
      name: agents.name,
      cnapsNumber: agents.cnapsNumber,
      cnapsExpiresOn: agents.cnapsExpiresOn,
      qualifications: agents.qualifications,
    })
    .from(agents)
    .where(eq(agents.companyId, companyId));
}

/** Serialises creations within one company so that two requests cannot both pass the plan limit. */
export async function lockAgentCreation(tx: Tx, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`agents:${companyId}`}, 0))`);
}

export async function insertAgent(tx: Tx, values: NewAgent) {
  const [row] = await tx.insert(agents).values(values).returning({ id: agents.id });
  if (!row) throw new Error('agent insert returned nothing');
  return row.id;
}

export async function updateAgent(tx: Tx, companyId: string, id: string, values: Partial<NewAgent>) {
  const rows = await tx
    .update(agents)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(agents.companyId, companyId), eq(agents.id, id)))
    .returning({ id: agents.id });
  return rows.length > 0;
}

export async function deleteAgent(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(agents)
    .where(and(eq(agents.companyId, companyId), eq(agents.id, id)))
    .returning({ id: agents.id, photoFileId: agents.photoFileId });
  return rows[0];
}

export async function countShiftsOfAgent(tx: Tx, companyId: string, agentId: string) {
  const r = await tx.execute(
    sql`select count(*)::int as n from shifts where company_id = ${companyId} and agent_id = ${agentId}`,
  );
  return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
}

/** The summary's agent counters: all, active and on leave. */
export async function countAgentsByStatus(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({
      totalAgents: sql<number>`count(*)::int`,
      activeAgents: sql<number>`count(*) filter (where ${agents.status} = 'actif')::int`,
      onLeave: sql<number>`count(*) filter (where ${agents.status} = 'en congé')::int`,
    })
    .from(agents)
    .where(eq(agents.companyId, companyId));
  return {
    totalAgents: row?.totalAgents ?? 0,
    activeAgents: row?.activeAgents ?? 0,
    onLeave: row?.onLeave ?? 0,
  };
}

/** Every agent's name and badge, by name (the payroll workbook's people). */
export async function agentBadges(tx: Tx, companyId: string) {
  return tx
    .select({ id: agents.id, name: agents.name, badge: agents.badge })
    .from(agents)
    .where(eq(agents.companyId, companyId))
    .orderBy(agents.name);
}

/** Companies that have agents, every company at once (SECURITY DEFINER: the job runs outside any tenant). */
export async function companiesWithAgents(db: Database) {
  const rows = rowsOf<{ company_id: string }>(
    await db.direct.execute(sql`select company_id from companies_with_agents()`),
  );
  return rows.map((r) => r.company_id);
}
