// Opaque bearer sessions: a 256-bit random token, stored only as its SHA-256, with a sliding idle
// timeout (the company's, Paramètres · Sécurité) and an absolute lifetime (SESSION_MAX_HOURS).
// Logout revokes; a password change revokes the user's other sessions.
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import * as repo from './auth.repository';
import { hashToken, newToken } from './tokens';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export async function resolveSessionByToken(
  db: Database,
  config: Config,
  token: string,
): Promise<AuthContext | null> {
  return (await resolveSessionByHash(db, config, hashToken(token)))?.auth ?? null;
}

/** The session of a token hash, and when it ends at the latest (its absolute lifetime). */
export async function resolveSessionByHash(
  db: Database,
  config: Config,
  tokenHash: string,
): Promise<{ auth: AuthContext; expiresAt: number } | null> {
  const row = await repo.resolveSession(db.direct, tokenHash, config.sessionIdleSeconds);
  if (!row) return null;
  return { expiresAt: new Date(row.expires_at).getTime(), auth: toAuthContext(row) };
}

function toAuthContext(row: repo.ResolvedSessionRow): AuthContext {
  return {
    sessionId: row.session_id,
    companyId: row.company_id,
    userId: row.user_id,
    role: row.user_role,
    isOwner: row.user_is_owner,
    user: {
      id: row.user_id,
      companyId: row.company_id,
      name: row.user_name,
      email: row.user_email,
      phone: row.user_phone,
      role: row.user_role,
      isOwner: row.user_is_owner,
      city: row.user_city,
      timezone: row.user_timezone,
      language: row.user_language,
      createdAt: iso(row.user_created_at),
    },
    company: {
      id: row.company_id,
      reference: row.company_reference,
      name: row.company_name,
      email: row.company_email,
      phone: row.company_phone,
      address: row.company_address,
      subscription: row.company_subscription,
      createdAt: iso(row.company_created_at),
    },
    restriction: row.password_expired
      ? 'password_expired'
      : row.two_factor_missing
        ? 'two_factor_setup'
        : null,
    rules: {
      ipAllowlist: row.ip_allowlist ?? [],
      maintenance: row.maintenance_mode,
      idleMinutes: Math.round(row.idle_seconds / 60),
      autoLogout: row.auto_logout,
    },
  };
}

export async function openSession(
  tx: Tx,
  config: Config,
  s: { companyId: string; userId: string; ip: string; userAgent: string | undefined },
) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + config.sessionMaxSeconds * 1000);
  await repo.insertSession(tx, {
    companyId: s.companyId,
    userId: s.userId,
    tokenHash: hashToken(token),
    expiresAt,
    ip: s.ip,
    userAgent: s.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

export async function closeSession(db: Database, auth: AuthContext) {
  await db.withTenant(auth.companyId, (tx) => repo.revokeSession(tx, auth.companyId, auth.sessionId));
}

/** Ends every other session of the user (a password change); answers how many. */
export async function closeOtherSessions(tx: Tx, companyId: string, userId: string, keepSessionId: string) {
  return repo.revokeOtherSessions(tx, companyId, userId, keepSessionId);
}
