import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { companies } from '../../db/schema';

export type NewCompany = typeof companies.$inferInsert;

export async function insertCompany(tx: Tx, values: NewCompany) {
  const [row] = await tx.insert(companies).values(values).returning();
  if (!row) throw new Error('company insert returned nothing');
  return row;
}

export async function findCompany(tx: Tx, companyId: string) {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function updateCompany(tx: Tx, companyId: string, values: Partial<NewCompany>) {
  await tx
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** The company's IP allowlist (empty: any address), in one round trip: what sign-in checks first. */
export async function findCompanyIpAllowlist(db: Database, companyId: string): Promise<string[]> {
  const [row] = await db.readTenant<{ ip_allowlist: string[] | null }>(
    companyId,
    sql`select ip_allowlist from companies where id = ${companyId}`,
  );
  return row?.ip_allowlist ?? [];
}
