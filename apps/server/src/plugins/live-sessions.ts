// The instance's registry of long-lived connections (lib/live-sessions.ts), wired to the sessions
// and to the database's change feed: a committed write to a company's users, sessions or company
// record, on any instance sharing the database (a logout, a deleted user, a changed role, sessions
// ended by an administrator), re-checks that company's connections at once; a write to a table a
// connection declared re-checks that connection. After the LISTEN connection was lost, every
// connection is re-checked. Between signals, each is re-checked every LIVE_SESSION_RECHECK_MS.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CHANGES_CHANNEL, parseChange } from '../db/change-feed';
import { type LiveConnection, LiveSessions } from '../lib/live-sessions';
import { resolveSessionByHash } from '../modules/auth/sessions.service';
import { hashToken } from '../modules/auth/tokens';
import { ipAllowed } from '../modules/settings/ip-allowlist';
import { type AuthContext, bearerToken } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    liveSessions: LiveSessions<AuthContext>;
  }
}

/** The tables a session is made of: a change there re-checks every connection of the company. */
const sessionTables = new Set(['users', 'sessions', 'companies']);

/** The hash of the request's bearer token (what a connection's session is re-checked by). */
export function sessionHashOf(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw new Error('sessionHashOf: the request has no session');
  return hashToken(token);
}

/**
 * What a request checks on each call, checked again on a connection: the same user with the same
 * role, no restriction to lift first, the company's maintenance mode and IP allowlist.
 */
const permits = (auth: AuthContext, conn: { userId: string; role: string; ip: string }) =>
  auth.userId === conn.userId &&
  auth.role === conn.role &&
  auth.restriction === null &&
  !(auth.rules.maintenance && auth.role !== 'admin') &&
  ipAllowed(conn.ip, auth.rules.ipAllowlist);

export const liveSessionsPlugin = fp(async (app: FastifyInstance) => {
  const live = new LiveSessions<AuthContext>({
    resolve: async (hash) => (await resolveSessionByHash(app.db, app.config, hash))?.auth ?? null,
    permits,
    recheckMs: app.config.liveSessionRecheckMs,
    onError: (err) => app.log.error({ err }, 'live session re-check failed'),
  });
  app.decorate('liveSessions', live);
  const unlisten = await app.db.listen(
    CHANGES_CHANNEL,
    (payload) => {
      if (live.size === 0) return;
      const change = parseChange(payload);
      if (!change) return;
      if (sessionTables.has(change.table)) live.recheck(change.companyId);
      else live.recheckTable(change.companyId, change.table);
    },
    // Notifications may have been missed meanwhile.
    () => live.recheck(null),
  );
  app.addHook('onReady', async () => live.start());
  app.addHook('onClose', async () => {
    await live.stop();
    await unlisten();
  });
});

/**
 * The door of a WebSocket opened with a one-time ticket (push-to-talk, live video): before the
 * upgrade, redeem the ticket and check that the session it was given to still holds (a logout
 * within the ticket's 30 s ends it); refuse with a French 401 otherwise. `grantOf` then hands the
 * socket handler what the ticket granted.
 */
export function ticketDoor<G>(
  app: FastifyInstance,
  options: {
    redeem: (ticket: unknown) => G | undefined;
    connectionOf: (grant: G, ip: string) => LiveConnection<AuthContext>;
    refusal: { detail: string; code: string };
    /** Names the socket in the log when the session check itself fails. */
    what: string;
  },
) {
  const grants = new WeakMap<FastifyRequest, G>();
  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    const grant = options.redeem((request.query as { ticket?: unknown }).ticket);
    const valid =
      grant !== undefined &&
      (await app.liveSessions.verify(options.connectionOf(grant, request.ip)).catch((err: unknown) => {
        request.log.error({ err }, `${options.what} session check failed`);
        return false;
      }));
    if (grant === undefined || !valid) return reply.code(401).send(options.refusal);
    grants.set(request, grant);
  };
  return { preValidation, grantOf: (request: FastifyRequest) => grants.get(request) };
}
