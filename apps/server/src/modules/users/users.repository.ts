import { and, asc, count, eq, gt, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { likePattern } from '../../plugins/pagination';

export type NewUser = typeof users.$inferInsert;

export interface UserListFilter {
  search?: string | undefined;
  role?: 'admin' | 'operator' | 'agent' | undefined;
}

function filterWhere(companyId: string, f: UserListFilter) {
  return and(
    eq(users.companyId, companyId),
    f.role ? eq(users.role, f.role) : undefined,
    f.search
      ? or(ilike(users.name, likePattern(f.search)), ilike(users.email, likePattern(f.search)))
      : undefined,
  );
}

export async function listUsers(
  tx: Tx,
  companyId: string,
  f: UserListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  const after = page.after
    ? or(gt(users.name, page.after[0]), and(eq(users.name, page.after[0]), gt(users.id, page.after[1])))
    : undefined;
  return tx
    .select()
    .from(users)
    .where(and(filterWhere(companyId, f), after))
    .orderBy(asc(users.name), asc(users.id))
    .limit(page.limit + 1);
}

export async function countUsers(tx: Tx, companyId: string, f: UserListFilter) {
  const [row] = await tx.select({ n: count() }).from(users).where(filterWhere(companyId, f));
  return row?.n ?? 0;
}

export async function findUser(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}

export async function insertUser(tx: Tx, values: NewUser) {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(tx: Tx, companyId: string, id: string, values: Partial<NewUser>) {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning();
  return row;
}

export async function deleteUser(tx: Tx, companyId: string, id: string) {
  const rows = await tx
    .delete(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}
