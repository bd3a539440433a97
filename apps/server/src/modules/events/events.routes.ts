// GET /api/events: the company's Server-Sent Events stream. The session is checked like any call
// (bearer header, so browsers read the stream with fetch), then re-checked by the instance's live
// sessions (plugins/live-sessions.ts): at once on logout, deletion or a change of role on any
// instance, and at least every LIVE_SESSION_RECHECK_MS, so a revoked or expired session stops
// receiving. Ends cleanly when the client leaves or the app closes.
import { streamEvents } from '@vigie/contract/events.contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint';
import { sessionHashOf } from '../../plugins/live-sessions';
import { EventHub, type Subscriber } from './events.hub';
import { purgeEvents } from './events.repository';

/** Events are kept a day: clients replay an hour at most, the rest helps investigations. */
const RETENTION_MS = 24 * 3600_000;

const lastEventIdOf = (header: unknown, query: string | undefined) => {
  const raw = typeof header === 'string' && /^\d{1,18}$/.test(header.trim()) ? header.trim() : query;
  return raw === undefined ? undefined : Number(raw);
};

export async function eventsRoutes(app: FastifyInstance) {
  const hub = new EventHub(app.db, (err) => app.log.error({ err }, 'real-time event delivery failed'));
  let heartbeat: NodeJS.Timeout | undefined;
  let purge: NodeJS.Timeout | undefined;

  route(app, streamEvents, async ({ auth, query, request, reply }) => {
    const tokenHash = sessionHashOf(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Reverse proxies (nginx) must not buffer the stream.
      'x-accel-buffering': 'no',
    });
    // Tells EventSource-style clients how soon to reconnect, and opens the stream at once.
    res.write('retry: 3000\n\n');
    const sub: Subscriber = {
      companyId: auth.companyId,
      role: auth.role,
      res,
      lastId: 0,
      held: null,
      pending: '',
    };
    // Closed by the live sessions when the session ends or no longer allows it.
    const forget = app.liveSessions.add({
      companyId: auth.companyId,
      userId: auth.userId,
      role: auth.role,
      tokenHash,
      ip: request.ip,
      close: () => {
        hub.detach(sub);
        res.end();
      },
    });
    request.raw.on('close', () => {
      forget();
      hub.detach(sub);
    });
    try {
      await hub.attach(sub, lastEventIdOf(request.headers['last-event-id'], query.lastEventId));
    } catch (err) {
      app.log.error({ err }, 'event stream replay failed');
      forget();
      hub.detach(sub);
      res.end();
    }
    return undefined;
  });

  app.addHook('onReady', async () => {
    await hub.start();
    heartbeat = setInterval(() => hub.heartbeat(), app.config.sseHeartbeatMs);
    heartbeat.unref();
    const runPurge = () =>
      purgeEvents(app.db, new Date(Date.now() - RETENTION_MS)).catch((err) =>
        app.log.error({ err }, 'event purge failed'),
      );
    purge = setInterval(runPurge, 3600_000);
    purge.unref();
  });
  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(purge);
    await hub.stop();
  });
}
