import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
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
