// Session check for protected endpoints: a bearer token resolves (one database call) to the
// session, its user and its company, which every handler then receives as `auth`. A resolved
// session is kept in memory until its company's users, sessions or company record change (a logout,
// a user or company edit, on any instance: the change feed) or for a fraction of the idle timeout,
// whichever comes first; the database then slides the idle timeout again (docs/decisions/0006).
import type { Company, SessionRestriction, User } from '@vigie/contract/auth.contract';
import type { UserRole } from '@vigie/contract/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authErrors } from '../modules/auth/auth.errors';
import { resolveSessionByHash } from '../modules/auth/sessions.service';
import { hashToken } from '../modules/auth/tokens';
import { ipAllowed } from '../modules/settings/ip-allowlist';
import { CompanyCache } from './company-cache';
import { unauthorized } from './errors';

export interface AuthContext {
  sessionId: string;
  companyId: string;
  userId: string;
  role: UserRole;
  isOwner: boolean;
  user: User;
  company: Company;
  /** What the session must do first (change an expired password, enrol two-factor), if anything. */
  restriction: SessionRestriction | null;
  /** The company's rules (Paramètres · Sécurité, Système) the plugin enforces on every request. */
  rules: { ipAllowlist: string[]; maintenance: boolean; idleMinutes: number; autoLogout: boolean };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    requireSession: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** What a restricted session may still call: read who it is, sign out, and do what is asked. */
const allowedWhileRestricted = new Set([
  'GET /api/auth/me',
  'POST /api/auth/logout',
  'GET /api/me/profile',
  'POST /api/me/password',
  'GET /api/me/2fa',
  'POST /api/me/2fa/setup',
  'POST /api/me/2fa/enable',
]);

/**
 * The company's rules, on every request of a session: its IP allowlist, maintenance mode (only
 * administrators), and a restriction the user must lift first. Device routes (X-Api-Key) never
 * come here: doors and panels keep working in maintenance.
 */
function enforceCompanyRules(request: FastifyRequest, auth: AuthContext) {
  if (auth.rules.ipAllowlist.length > 0 && !ipAllowed(request.ip, auth.rules.ipAllowlist))
    throw authErrors.ipRefused();
  if (auth.rules.maintenance && auth.role !== 'admin') throw authErrors.maintenance();
  if (auth.restriction && !allowedWhileRestricted.has(`${request.method} ${request.routeOptions.url}`))
    throw auth.restriction === 'password_expired'
      ? authErrors.passwordExpired()
      : authErrors.twoFactorSetup();
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const sessions = new CompanyCache<{ auth: AuthContext; expiresAt: number }>(app.accessChanges, {
    // Well within the idle timeout, so that the database still decides when a session idles out.
    ttlMs: Math.min(30_000, (app.config.sessionIdleSeconds * 1000) / 4),
    maxBytes: 32 * 1024 * 1024,
    sizeOf: () => 2000,
  });
  app.decorate('requireSession', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentification requise');
    const key = hashToken(token);
    const known = sessions.get(key);
    if (known && known.expiresAt > Date.now()) {
      enforceCompanyRules(request, known.auth);
      request.auth = known.auth;
      return;
    }
    const begin = app.accessChanges.begin();
    const resolved = await resolveSessionByHash(app.db, app.config, key);
    if (!resolved) throw unauthorized();
    sessions.set(key, resolved.auth.companyId, begin, resolved);
    enforceCompanyRules(request, resolved.auth);
    request.auth = resolved.auth;
  });
});
