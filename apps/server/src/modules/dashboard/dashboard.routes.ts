import { type DashboardOverview, getDashboardOverview } from '@vigie/contract/dashboard.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { requestLanguage } from '../../lib/languages';
import { route } from '../../plugins/endpoint';
import { receiverInfoOf } from '../panels/receiver-state';
import { getOverview } from './dashboard.service';
import { overviewInLanguage } from './overview-language';

export async function dashboardRoutes(app: FastifyInstance) {
  // The overview is kept in memory per company, not per language (plugins/read-cache.ts), so it is
  // kept in French and put in the reader's language after the cache: a route's own onSend hooks run
  // last and in order, so this one, added after the one that keeps the answer, sees it kept.
  app.addHook('onRoute', (options) => {
    const hooks = [options.onSend ?? []].flat() as onSendHookHandler[];
    if (!hooks.includes(inReadersLanguage)) options.onSend = [...hooks, inReadersLanguage];
  });
  route(app, getDashboardOverview, async ({ auth }) => getOverview(app.db, auth, receiverInfoOf(app)), {
    cache: true,
  });
}

/** onSend: the answer (fresh or from memory, French) in the request's language. */
async function inReadersLanguage(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const language = requestLanguage(request);
  if (language === 'fr' || reply.statusCode !== 200) return payload;
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : payload;
  if (typeof text !== 'string') return payload;
  return JSON.stringify(overviewInLanguage(language, JSON.parse(text) as DashboardOverview));
}
