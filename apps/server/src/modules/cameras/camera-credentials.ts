// Camera passwords written before they were sealed (decision 0009) are sealed once at start-up.
// The owner-run look-up names the companies that still hold one; each company's are then sealed
// under its own row-level security, like any write.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { isSealed, type SecretBox } from '../../plugins/secrets';

export async function sealStoredPasswords(db: Database, secrets: SecretBox): Promise<number> {
  const companies = rowsOf<{ company_id: string }>(
    await db.direct.execute(sql`select company_id from camera_companies_with_clear_passwords()`),
  );
  let sealed = 0;
  for (const { company_id: companyId } of companies) {
    sealed += await db.withTenant(companyId, async (tx) => {
      const rows = rowsOf<{ id: string; stream_password: string }>(
        await tx.execute(sql`
          select id, stream_password from cameras
           where company_id = ${companyId} and stream_password is not null
             and stream_password not like 'enc:v1:%' for update`),
      );
      for (const r of rows) {
        if (isSealed(r.stream_password)) continue;
        await tx.execute(sql`
          update cameras set stream_password = ${secrets.seal(r.stream_password)}
           where company_id = ${companyId} and id = ${r.id}`);
      }
      return rows.length;
    });
  }
  return sealed;
}
