// Two-factor sign-in's rows: the TOTP columns of the user's row (migration 0018) and the user's
// recovery codes, stored hashed.
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';

type TotpColumns = Partial<
  Pick<typeof users.$inferInsert, 'totpSecretSealed' | 'totpLastStep' | 'totpEnabledAt'>
>;

/** Sets the user's TOTP columns (without touching `updated_at`: not a change of the profile). */
export async function setTotp(tx: Tx, companyId: string, userId: string, values: TotpColumns) {
  await tx
    .update(users)
    .set(values)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

export async function countUnusedRecoveryCodes(tx: Tx, companyId: string, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.companyId, companyId),
        eq(recoveryCodes.userId, userId),
        isNull(recoveryCodes.usedAt),
      ),
    );
  return row?.n ?? 0;
}

/** Burns the unused recovery code of this hash; answers whether there was one. */
export async function useRecoveryCode(tx: Tx, companyId: string, userId: string, codeHash: string) {
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.companyId, companyId),
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function deleteRecoveryCodes(tx: Tx, companyId: string, userId: string) {
  await tx
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.companyId, companyId), eq(recoveryCodes.userId, userId)));
}

export async function insertRecoveryCodes(tx: Tx, companyId: string, userId: string, codeHashes: string[]) {
  await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ companyId, userId, codeHash })));
}
