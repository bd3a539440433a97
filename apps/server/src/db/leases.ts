// Leases for periodic jobs shared by several server instances: the instance that holds a job's
// lease runs it; the others skip their turn. A lease that is not renewed expires, so a crashed
// instance hands the job over after `ttlMs`.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

/** This process's identity as a lease holder. */
export const instanceId = randomUUID();

/** Takes or renews the lease of `name` for `ttlMs`; false when another live holder has it. */
export async function acquireLease(db: Database, name: string, ttlMs: number, holder: string = instanceId) {
  const r = await db.direct.execute(sql`
    insert into job_leases (name, holder, expires_at)
    values (${name}, ${holder}, now() + make_interval(secs => ${ttlMs / 1000}::float8))
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
     where job_leases.expires_at < now() or job_leases.holder = excluded.holder
    returning holder`);
  return rowsOf<{ holder: string }>(r).length > 0;
}
