import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import { likePattern } from '../../plugins/pagination';
import { revokeUserSessionsSql } from '../auth/auth.sql';

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

// The list's columns under their API names (a raw read returns the driver's rows as they are).
const listColumns = sql`${users.id} as "id", ${users.companyId} as "companyId", ${users.name} as "name",
  ${users.email} as "email", ${users.phone} as "phone", ${users.role} as "role", ${users.isOwner} as "isOwner",
  ${users.city} as "city", ${users.timezone} as "timezone", ${users.language} as "language",
  ${users.createdAt} as "createdAt"`;

/**
 * One page (up to limit + 1 rows, in `(name, id)` order) and the filter's total, in one statement
 * and one round trip; only an empty page after a cursor needs a second statement for the total.
 * Never the password hash.
 */
export async function listUsersPage(
  db: Database,
  companyId: string,
  f: UserListFilter,
  page: { limit: number; after?: [string, string] | undefined },
) {
  // A row comparison, so that the cursor is an index condition (a seek), not a filter.
  const after = page.after
    ? sql`(${users.name}, ${users.id}) > (${page.after[0]}::text, ${page.after[1]}::uuid)`
    : undefined;
  const rows = await db.readTenant<UserListRow & { total: number }>(
    companyId,
    sql`select ${listColumns},
          (select count(*)::int from ${users} where ${filterWhere(companyId, f)}) as "total"
        from ${users}
        where ${and(filterWhere(companyId, f), after)}
        order by ${users.name}, ${users.id}
        limit ${page.limit + 1}`,
    // A search is planned with its pattern (see TenantReadOptions).
    { prepare: !f.search },
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const [row] = page.after
      ? await db.readTenant<{ n: number }>(
          companyId,
          sql`select count(*)::int as "n" from ${users} where ${filterWhere(companyId, f)}`,
        )
      : [];
    total = row?.n ?? 0;
  }
  return { rows, total };
}

export type UserListRow = Omit<typeof users.$inferSelect, 'passwordHash' | 'updatedAt'>;

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

/** Names and e-mail addresses of a company's users of the given roles (alert recipients). */
export async function contactsByRoles(tx: Tx, companyId: string, roles: ('admin' | 'operator' | 'agent')[]) {
  return tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.role, roles)))
    .orderBy(asc(users.name));
}

/** Ids of a company's users of the given roles (in-app notifications). */
export async function idsByRoles(tx: Tx, companyId: string, roles: ('admin' | 'operator' | 'agent')[]) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.role, roles)));
  return rows.map((r) => r.id);
}

/** Ends the user's open sessions (auth's fragment), in the caller's transaction; answers how many. */
export async function closeSessionsOf(tx: Tx, companyId: string, userId: string) {
  const result = await tx.execute(revokeUserSessionsSql(companyId, userId));
  return rowsOf(result).length;
}
