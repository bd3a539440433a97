// Registers one contract endpoint on Fastify: validation, serialisation, OpenAPI and the session
// check all come from the declaration in packages/contract, so the server cannot drift from it.
import type { Endpoint } from '@vigie/contract/common';
import { errorBodySchema } from '@vigie/contract/common';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from './auth';
import { openCursor } from './pagination';
import { answerFromCache, keepAnswer } from './read-cache';

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

type JsonSchema = { [key: string]: unknown };

/**
 * fast-json-stringify picks an `anyOf` branch by running a validator on each value; a nullable
 * scalar or object is cheaper as `type: [t, 'null']`, which it serialises with a plain check.
 */
function simplifyNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullables);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplifyNullables(v);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * Success bodies are serialised by fast-json-stringify, compiled from the contract's zod schema
 * (`io: 'output'`), so the zod schema stays the single source: 2 to 3 times cheaper per list than
 * zod's encode followed by JSON.stringify (docs/decisions/0003). Dates come out as ISO strings
 * either way. Error bodies (rare, and a union) and any schema JSON Schema cannot express keep the
 * zod serializer.
 */
// biome-ignore lint/suspicious/noExplicitAny: Fastify types the compiler by the whole route schema.
export const responseSerializerCompiler: FastifySerializerCompiler<any> = (route) => {
  const status = Number(route.httpStatus);
  if (status >= 200 && status < 300) {
    try {
      const { $schema: _draft, ...json } = z.toJSONSchema(route.schema as z.ZodType, {
        io: 'output',
        unrepresentable: 'throw',
      }) as JsonSchema;
      // A union answer (a login that asks for the second factor) picks its branch by validating
      // with ajv's formats, stricter than zod's: zod serialises it (a rare, small answer).
      if (Array.isArray(json.anyOf)) return zodSerializerCompiler(route);
      return fastJson(simplifyNullables(json) as Parameters<typeof fastJson>[0]);
    } catch {
      // not expressible as JSON Schema: zod it is
    }
  }
  return zodSerializerCompiler(route);
};

export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  /**
   * Extra route config, e.g. `{ rateLimit: { max, timeWindow } }`. `{ cache: true }` on a read keeps
   * its answers in memory until the company's data changes (plugins/read-cache.ts): for reads
   * whose answer depends only on the company, the caller's role and timezone, and the URL.
   */
  routeConfig: Record<string, unknown> & { cache?: boolean; bodyLimit?: number } = {},
) {
  const { bodyLimit, ...config } = routeConfig;
  const cached = routeConfig.cache === true && endpoint.method === 'GET' && endpoint.auth === true;
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
    config: { ...config, endpoint },
    // A route that takes a file (a photo in base64) raises the app's 1 MB body limit for itself only.
    ...(bodyLimit ? { bodyLimit } : {}),
    serializerCompiler: responseSerializerCompiler,
    // onRequest: an anonymous caller learns nothing, not even whether its input was valid.
    onRequest: endpoint.auth ? app.requireSession : undefined,
    onSend: cached ? keepAnswer : undefined,
    handler: async (request, reply) => {
      // A list's cursor must be one this server signed for the caller's company and this list
      // (plugins/pagination.ts); the handler only ever sees its payload.
      const query = request.query as { cursor?: unknown } | undefined;
      if (typeof query?.cursor === 'string') {
        query.cursor = openCursor(app.secrets, request.auth?.companyId ?? '', endpoint.path, query.cursor);
      }
      if (cached && (await answerFromCache(app, request, reply))) return reply;
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
