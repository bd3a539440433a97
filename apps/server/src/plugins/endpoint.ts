// Registers one contract endpoint on Fastify: validation, serialisation, OpenAPI and the session
// check all come from the declaration in packages/contract, so the server cannot drift from it.
import type { Endpoint } from '@vigie/contract/common';
import { errorBodySchema } from '@vigie/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from './auth';

type In<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract declaration of the route (read by the robustness sweeps). */
    endpoint?: Endpoint;
  }
}

export interface EndpointContext<E extends Endpoint> {
  params: In<E['params']>;
  query: In<E['query']>;
  body: In<E['body']>;
  auth: E['auth'] extends true ? AuthContext : AuthContext | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends Endpoint> = (
  ctx: EndpointContext<E>,
) => Promise<z.input<E['response']> | undefined>;

const errorStatuses = [400, 401, 403, 404, 409, 413, 422, 429, 503] as const;

export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  /** Extra route config, e.g. `{ rateLimit: { max, timeWindow } }`. */
  routeConfig: Record<string, unknown> = {},
) {
  const status = endpoint.status ?? 200;
  const response: Record<number, z.ZodType> = { [status]: endpoint.response };
  for (const s of errorStatuses) response[s] = errorBodySchema;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.auth ? { security: [{ bearer: [] }] } : {}),
      response,
    },
    config: { ...routeConfig, endpoint },
    // onRequest: an anonymous caller learns nothing, not even whether its input was valid.
    onRequest: endpoint.auth ? app.requireSession : undefined,
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as In<E['params']>,
        query: request.query as In<E['query']>,
        body: request.body as In<E['body']>,
        auth: request.auth as EndpointContext<E>['auth'],
        request,
        reply,
      });
      reply.status(status);
      if (status === 204) return reply.send();
      return result;
    },
  });
}
