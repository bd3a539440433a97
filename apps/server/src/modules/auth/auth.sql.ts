// SQL fragments the auth module publishes: the sessions table is auth's, and other modules end a
// user's sessions inside their own transaction through this (modules/README.md, "Fragments").
import { sql } from 'drizzle-orm';

/** Ends every open session of the user; answers one row per session ended. */
export const revokeUserSessionsSql = (companyId: string, userId: string) =>
  sql`update sessions set revoked_at = now()
       where company_id = ${companyId} and user_id = ${userId} and revoked_at is null
       returning id`;
