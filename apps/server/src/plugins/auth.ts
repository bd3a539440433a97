// Session check for protected endpoints: a bearer token resolves (one database call) to the
// session, its user and its company, which every handler then receives as `auth`. A resolved
// session is kept in memory until its company's users, sessions or company record change (a logout,
// a user or company edit, on any instance: the change feed) or for a fraction of the idle timeout,
// whichever comes first; the database then slides the idle timeout again (docs/decisions/0006).
import type { Company, User } from '@vigie/contract/auth.contract';
import type { UserRole } from '@vigie/contract/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSessionByHash } from '../modules/auth/sessions.service';
import { hashToken } from '../modules/auth/tokens';
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
      request.auth = known.auth;
      return;
    }
    const begin = app.accessChanges.begin();
    const resolved = await resolveSessionByHash(app.db, app.config, key);
    if (!resolved) throw unauthorized();
    sessions.set(key, resolved.auth.companyId, begin, resolved);
    request.auth = resolved.auth;
  });
});
