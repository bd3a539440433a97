// Camera passwords written before they were sealed (decision 0009) are sealed once at start-up.
// The owner-run look-up names the companies that still hold one; each company's are then sealed
// under its own row-level security, like any write.
import type { Database } from '../../db/client';
import { isSealed, type SecretBox } from '../../plugins/secrets';
import {
  clearPasswordsForUpdate,
  companiesWithClearPasswords,
  setStreamPassword,
} from './cameras.repository';

export async function sealStoredPasswords(db: Database, secrets: SecretBox): Promise<number> {
  let sealed = 0;
  for (const companyId of await companiesWithClearPasswords(db)) {
    sealed += await db.withTenant(companyId, async (tx) => {
      const rows = await clearPasswordsForUpdate(tx, companyId);
      for (const r of rows) {
        if (isSealed(r.stream_password)) continue;
        await setStreamPassword(tx, companyId, r.id, secrets.seal(r.stream_password));
      }
      return rows.length;
    });
  }
  return sealed;
}
