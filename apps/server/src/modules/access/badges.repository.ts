import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { badges } from '../../db/schema';
import { likePattern } from '../../plugins/pagination';

export type BadgeRow = typeof badges.$inferSelect;
export type NewBadge = typeof badges.$inferInsert;

export interface BadgeListFilter {
  search?: string | undefined;
  /** Stored status, or Expiré (derived from the expiry date against `today`). */
  status?: 'Actif' | 'Suspendu' | 'Expiré' | undefined;
  today: string;
}

function filterWhere(companyId: string, f: BadgeListFilter) {
  const expired = sql`(${badges.expiresOn} is not null and ${badges.expiresOn} < ${f.today}::date)`;
  return and(
    eq(badges.companyId, companyId),
    f.search ? sql`${badges.searchText} like vigie_fold(${likePattern(f.search)})` : undefined,
    f.status === 'Expiré' ? expired : undefined,
    f.status === 'Actif' || f.status === 'Suspendu'
      ? and(eq(badges.status, f.status), sql`not ${expired}`)
      : undefined,
  );
}

export async function listBadgesPage(
  tx: Tx,
  companyId: string,
  f: BadgeListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const after = page.after
    ? sql`(${badges.holderName}, ${badges.id}) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : undefined;
  const rows = await tx
    .select()
    .from(badges)
    .where(and(filterWhere(companyId, f), after))
    .orderBy(badges.holderName, badges.id)
    .limit(page.limit + 1);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(badges)
    .where(filterWhere(companyId, f));
  return { rows, total: count?.n ?? 0 };
}

export async function findBadge(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(badges)
    .where(and(eq(badges.companyId, companyId), eq(badges.id, id)));
  return row;
}

export async function insertBadge(tx: Tx, values: NewBadge) {
  const [row] = await tx.insert(badges).values(values).returning();
  if (!row) throw new Error('badge insert returned nothing');
  return row;
}

export async function updateBadge(tx: Tx, companyId: string, id: string, values: Partial<NewBadge>) {
  const [row] = await tx
    .update(badges)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(badges.companyId, companyId), eq(badges.id, id)))
    .returning();
  return row;
}

export async function deleteBadge(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(badges)
    .where(and(eq(badges.companyId, companyId), eq(badges.id, id)))
    .returning({ id: badges.id, holderName: badges.holderName, number: badges.number });
  return rows[0];
}
