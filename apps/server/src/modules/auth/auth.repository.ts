import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { sessions } from '../../db/schema';

export type LoginCandidate = {
  company_id: string;
  user_id: string;
  password_hash: string;
};

/** Looks a user up by e-mail across companies (SECURITY DEFINER function, see migration 0001). */
export async function findLoginCandidate(db: Db, email: string) {
  const r = await db.execute<LoginCandidate>(sql`select * from auth_login_candidate(${email})`);
  return rowsOf<LoginCandidate>(r)[0];
}

export type ResolvedSessionRow = {
  session_id: string;
  company_id: string;
  user_id: string;
  expires_at: Date | string;
  user_name: string;
  user_email: string;
  user_phone: string | null;
  user_role: 'admin' | 'operator' | 'agent';
  user_is_owner: boolean;
  user_city: string | null;
  user_timezone: string;
  user_language: string;
  user_created_at: Date | string;
  company_reference: string;
  company_name: string;
  company_email: string;
  company_phone: string | null;
  company_address: string | null;
  company_subscription: 'basic' | 'pro' | 'enterprise';
  company_created_at: Date | string;
  idle_seconds: number;
  ip_allowlist: string[] | null;
  maintenance_mode: boolean;
  password_expired: boolean;
  two_factor_missing: boolean;
  auto_logout: boolean;
};

export async function resolveSession(db: Db, tokenHash: string, idleSeconds: number) {
  const r = await db.execute<ResolvedSessionRow>(
    sql`select * from auth_resolve_session(${tokenHash}, ${idleSeconds}::integer)`,
  );
  return rowsOf<ResolvedSessionRow>(r)[0];
}

export async function insertSession(tx: Tx, values: typeof sessions.$inferInsert) {
  await tx.insert(sessions).values(values);
}

export async function revokeSession(tx: Tx, companyId: string, sessionId: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.companyId, companyId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeOtherSessions(tx: Tx, companyId: string, userId: string, keepSessionId: string) {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.companyId, companyId),
        eq(sessions.userId, userId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
