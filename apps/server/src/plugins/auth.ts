// Session check for protected endpoints: a bearer token resolves (one database call) to the
// session, its user and its company, which every handler then receives as `auth`.
import type { Company, User } from '@vigie/contract/auth.contract';
import type { UserRole } from '@vigie/contract/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSessionByToken } from '../modules/auth/sessions.service';
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
  app.decorate('requireSession', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentification requise');
    const auth = await resolveSessionByToken(app.db, app.config, token);
    if (!auth) throw unauthorized();
    request.auth = auth;
  });
});
