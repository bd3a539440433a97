// The company's settings columns (migration 0018: Paramètres · Sécurité, Système, Identité). They
// live on the company's row, but only this module reads or writes them.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { companies } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;
type Writable = Partial<
  Pick<
    typeof companies.$inferInsert,
    | 'twoFactorRequired'
    | 'sessionTimeoutMinutes'
    | 'autoLogout'
    | 'ipAllowlist'
    | 'passwordExpiryDays'
    | 'autoBackup'
    | 'backupFrequency'
    | 'backupRetentionDays'
    | 'logLevel'
    | 'maintenanceMode'
    | 'legalName'
    | 'legalAddress'
    | 'siret'
    | 'cnapsAuthorisation'
    | 'logoFileId'
  >
>;

/** The company's row, locked until the transaction ends (settings are read, checked, then written). */
export async function companyForUpdate(tx: Tx, companyId: string) {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  return row;
}

export async function findCompany(tx: Tx, companyId: string) {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function updateSettings(tx: Tx, companyId: string, values: Writable) {
  const [row] = await tx
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning();
  return row;
}

/** A NOTIFY on `channel`, delivered to every listening instance when the transaction commits. */
export async function notifyChannel(tx: Tx, channel: string, payload: string) {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
}
