// Answers of read endpoints kept in memory per company until that company's data changes
// (docs/decisions/0006). The change feed marks a company changed at every committed write on any
// instance; this instance's own writes mark it at once, before their answer leaves, so a client
// always reads its own writes. While the feed is down nothing is served from or kept in memory.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChangeClock, followChanges } from '../db/change-feed';
import { CompanyCache } from './company-cache';

export interface CachedAnswer {
  status: number;
  /** The serialised answer, UTF-8 encoded once rather than at every send. */
  body: Buffer;
  headers: Record<string, string>;
}

/** Headers an answer is not complete without (pagination); the rest is set per reply. */
const keptHeaders = ['content-type', 'x-total-count', 'link'] as const;
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The modules whose writes change what a session or a device key is made of (users, sessions, the
 * company, integration keys): a write there empties this instance's session and key caches for the
 * company at once. A module that starts writing
 * those tables joins this list; until it does, the change feed still catches its writes, a moment
 * after their commit instead of before their answer.
 */
const accessModules = [
  '/api/auth/',
  '/api/users',
  '/api/company',
  '/api/integrations/keys',
  // A password or two-factor change lifts a session's restriction; the company's security and
  // system settings (timeout, allowlist, maintenance) are what sessions enforce.
  '/api/me/',
  '/api/settings/',
  '/api/radio/keys',
  '/api/access/points/',
];
const writesAccess = (url: string) => accessModules.some((prefix) => url.startsWith(prefix));

declare module 'fastify' {
  interface FastifyInstance {
    /** When each company's data last changed (feeds every cache of the instance). */
    changes: ChangeClock;
    /** When each company's users, sessions, keys or company record last changed (session and key caches). */
    accessChanges: ChangeClock;
    answers: CompanyCache<CachedAnswer> | null;
  }
  interface FastifyRequest {
    /** Set on a cacheable request that missed: the clock before its read, its key, and its release. */
    answerSlot: { key: string; begin: number | null; release: () => void } | null;
  }
}

export async function registerReadCache(app: FastifyInstance) {
  const clock = new ChangeClock();
  const access = new ChangeClock();
  app.decorate('changes', clock);
  app.decorate('accessChanges', access);
  const { readCacheTtlMs, readCacheMaxBytes } = app.config;
  app.decorate(
    'answers',
    readCacheTtlMs > 0
      ? new CompanyCache<CachedAnswer>(clock, {
          ttlMs: readCacheTtlMs,
          maxBytes: readCacheMaxBytes,
          sizeOf: (a) => a.body.length + 200,
        })
      : null,
  );
  app.decorateRequest('answerSlot', null);
  const stop = await followChanges(app.db, { data: clock, access });
  app.addHook('onClose', stop);
  // A write answered here counts at once; the notification of its commit only follows.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (readMethods.has(request.method) || !request.auth) return payload;
    clock.changed(request.auth.companyId);
    if (writesAccess(request.url)) access.changed(request.auth.companyId);
    return payload;
  });
}

/**
 * The key of a cacheable answer: the company, what of the caller shapes the answer (role, and the
 * timezone "today" and "this month" are counted in), and the URL with its query.
 */
const keyOf = (request: FastifyRequest) => {
  const auth = request.auth;
  if (!auth) return null;
  return `${auth.companyId}|${auth.role}|${auth.user.timezone}|${request.url}`;
};

/**
 * Reads of the same key under way on this instance: after a change, 32 dashboards asking for the
 * same overview wait for one read of the database instead of sending 32 (they exhausted the pool).
 */
const underWayOf = new WeakMap<FastifyInstance, Map<string, Promise<void>>>();
/** A waiting request reads the database itself after this long. */
const WAIT_MS = 2000;

const serve = (reply: FastifyReply, hit: CachedAnswer) => {
  // A buffer is sent as it is (its content type is among the kept headers).
  reply.status(hit.status).headers(hit.headers);
  reply.send(hit.body);
};

/** Answers from memory when it can (true); otherwise prepares the request for `keepAnswer`. */
export async function answerFromCache(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const cache = app.answers;
  const key = keyOf(request);
  if (!cache || !key || !request.auth) return false;
  const hit = cache.get(key);
  if (hit) {
    serve(reply, hit);
    return true;
  }
  let underWay = underWayOf.get(app);
  if (!underWay) {
    underWay = new Map();
    underWayOf.set(app, underWay);
  }
  const pending = underWay.get(key);
  if (pending) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([pending, new Promise<void>((ok) => (timer = setTimeout(ok, WAIT_MS)))]);
    clearTimeout(timer);
    const kept = cache.get(key);
    if (kept) {
      serve(reply, kept);
      return true;
    }
  }
  const begin = app.changes.begin();
  let release = () => {};
  if (!underWay.has(key)) {
    const list = underWay;
    const done = new Promise<void>((ok) => {
      release = () => {
        list.delete(key);
        ok();
      };
    });
    underWay.set(key, done);
  }
  request.answerSlot = { key, begin, release };
  return false;
}

/** onSend of a cacheable route: keeps a successful answer read before any change since. */
export async function keepAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const slot = request.answerSlot;
  if (!slot) return payload;
  request.answerSlot = null;
  const cache = request.server.answers;
  if (cache && request.auth && reply.statusCode === 200 && typeof payload === 'string') {
    const headers: Record<string, string> = {};
    for (const name of keptHeaders) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    cache.set(slot.key, request.auth.companyId, slot.begin, {
      status: 200,
      body: Buffer.from(payload),
      headers,
    });
  }
  // Those waiting read the kept answer, or the database if this one could not be kept.
  slot.release();
  return payload;
}
