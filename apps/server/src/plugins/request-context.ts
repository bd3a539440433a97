// What a request carries down to code that is not handed the request: the client's address, for the
// audit log (modules/audit). An AsyncLocalStorage store opened for each request in its first hook,
// with `run` wrapping the rest of the request's hooks and its handler (the pattern of
// @fastify/request-context), so that every continuation of the request sees it; `enterWith` would
// leak into whatever ran next on the same async path.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface RequestContext {
  /** The client's address (Fastify's `request.ip`: the proxy's client when TRUST_PROXY is set). */
  ip: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The current request's context, or undefined outside a request (background work). */
export const requestContext = (): RequestContext | undefined => storage.getStore();

export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ ip: request.ip }, done);
  });
});
