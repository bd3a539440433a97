// One error shape for the whole API: `{ detail }`, in the reader's language (French by default). Statuses: 400 malformed, 401 no or expired
// session, 403 role or plan limit, 404 unknown id (another company's too), 409 conflict, 413 too
// large, 422 invalid, 429 throttled, 503 dependency down; bad input never yields a 500.
// Business errors are AppError instances made by each module's small factories (<module>.errors.ts);
// their answer also carries the factory's stable `code` (`users.email_taken`), so that a client can
// tell which field a refusal is about without reading the French sentence.
import type { ValidationIssue } from '@vigie/contract/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isPoolSaturated, poolShedding } from '../db/pool';
import { requestLanguage, translate } from '../lib/languages';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** Stable machine code, e.g. `users.not_found`. */
    readonly code: string,
    readonly detail: string | ValidationIssue[],
    /** The arguments of a detail written as a message (`Le site {name} …`), translated with it. */
    readonly values?: Record<string, unknown>,
  ) {
    super(typeof detail === 'string' ? detail : code);
  }
}

/** A detail's arguments (`Le site {name} …`); a `…Label` argument is translated too (a status). */
type Values = Record<string, unknown>;

export const notFound = (code: string, detail: string, values?: Values) =>
  new AppError(404, code, detail, values);
export const forbidden = (code: string, detail: string, values?: Values) =>
  new AppError(403, code, detail, values);
export const conflict = (code: string, detail: string, values?: Values) =>
  new AppError(409, code, detail, values);
export const unauthorized = (detail = 'Session expirée ou invalide, veuillez vous reconnecter') =>
  new AppError(401, 'auth.unauthorized', detail);
export const serviceUnavailable = () =>
  new AppError(
    503,
    'service.unavailable',
    'Service momentanément indisponible, veuillez réessayer dans quelques instants',
  );

/** A 422 in the same shape as request validation, for rules checked after parsing. */
export const invalid = (loc: (string | number)[], msg: string, type = 'custom', values?: Values) =>
  new AppError(422, 'validation', [{ loc, msg, type }], values);

const partNames: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** Thrown by the validator compiler; carries zod issues so they can be shaped as `[{loc,msg,type}]`. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  readonly validationContext: string;
  constructor(
    httpPart: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super('validation');
    this.validationContext = partNames[httpPart] ?? httpPart;
  }
}

/** Flattens zod issues; for a union, keeps the branch that came closest (fewest issues). */
export function toValidationIssues(
  issues: z.core.$ZodIssue[],
  prefix: (string | number)[],
): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const best = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
      out.push(...toValidationIssues(best, [...prefix, ...issue.path.map(toKey)]));
      continue;
    }
    out.push({ loc: [...prefix, ...issue.path.map(toKey)], msg: issue.message, type: issue.code });
  }
  return out;
}

const toKey = (k: PropertyKey): string | number => (typeof k === 'number' ? k : String(k));

const frameworkErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Corps de requête JSON mal formé'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Corps de requête JSON vide'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Requête trop volumineuse (1 Mo maximum)'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'Type de contenu non pris en charge, envoyez du JSON (application/json)',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'En-tête Content-Length invalide'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'En-tête Content-Type invalide'],
  FST_ERR_BAD_URL: [400, 'Adresse de requête invalide'],
  FST_ERR_MAX_PARAM_LENGTH: [400, 'Paramètre d’adresse trop long'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'Requête invalide'],
  FST_ERR_VALIDATION: [422, 'Requête invalide'],
};

type CausedError = { code?: string; message?: string; cause?: unknown; errors?: unknown[] };

/** The error and its causes (Drizzle wraps driver errors; AggregateError holds several). */
function errorChain(err: unknown): CausedError[] {
  const out: CausedError[] = [];
  const queue: unknown[] = [err];
  while (queue.length > 0 && out.length < 10) {
    const e = queue.shift() as CausedError | undefined;
    if (!e || typeof e !== 'object') continue;
    out.push(e);
    if (e.cause) queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...e.errors);
  }
  return out;
}

const downCodes = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
];

/** PostgreSQL/network failures that mean "the database is unreachable right now". */
export function isDatabaseDown(err: unknown): boolean {
  return errorChain(err).some(
    (e) =>
      (!!e.code && downCodes.includes(e.code)) ||
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection refused/i.test(
        e.message ?? '',
      ),
  );
}

/**
 * A value PostgreSQL refuses to store or cast (a NUL character, an unpaired surrogate in JSON, a
 * malformed number or date): bad input that got past a schema, answered as a 422, not a 500.
 */
const badValueCodes = ['22021', '22P05', '22P02', '22007', '22008', '22003', '22001'];
export function isUnstorableValue(err: unknown): boolean {
  return errorChain(err).some((e) => !!e.code && badValueCodes.includes(e.code));
}

/** Errors raised by the router before any route runs (malformed URL, overlong parameter). */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = frameworkErrors[error.code];
  const detail = translate(requestLanguage(request), known?.[1] ?? 'Requête invalide');
  return reply.status(known?.[0] ?? 400).send({ detail });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    // Details in the reader's language; codes, `loc` and `type` stay the same in every language.
    const language = requestLanguage(request);
    const say = (text: string, values?: Record<string, unknown>) => translate(language, text, values);
    const sayIssues = (issues: ValidationIssue[], values?: Record<string, unknown>) =>
      issues.map((i) => ({ ...i, msg: say(i.msg, values) }));
    if (error instanceof AppError) {
      // A 422 list already says where (`loc`) and what (`type`) in each item.
      if (typeof error.detail !== 'string')
        return reply.status(error.statusCode).send({ detail: sayIssues(error.detail, error.values) });
      return reply
        .status(error.statusCode)
        .send({ detail: say(error.detail, error.values), code: error.code });
    }
    if (error instanceof RequestValidationError) {
      return reply
        .status(422)
        .send({ detail: sayIssues(toValidationIssues(error.issues, [error.validationContext])) });
    }
    const code = (error as FastifyError).code;
    const known = code ? frameworkErrors[code] : undefined;
    if (known) return reply.status(known[0]).send({ detail: say(known[1]) });
    if ((error as FastifyError).statusCode === 429) {
      return reply.status(429).send({ detail: say('Trop de requêtes, veuillez réessayer plus tard') });
    }
    if (isUnstorableValue(error)) {
      // Still a gap in a schema: logged so that it gets closed there.
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(422).send({
        detail: [
          {
            loc: [],
            msg: say('Valeur non valide (caractère ou format non pris en charge)'),
            type: 'invalid_value',
          },
        ],
      });
    }
    if (isPoolSaturated(error)) {
      // Past the measured capacity (db/pool.ts): refused at once rather than queued to time out.
      request.log.warn({ refusedSinceStart: poolShedding.refused }, 'request shed: database pool saturated');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ detail: say('Service momentanément surchargé, veuillez réessayer dans quelques instants') });
    }
    if (isDatabaseDown(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          detail: say('Service momentanément indisponible, veuillez réessayer dans quelques instants'),
        });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ detail: say('Requête invalide') });
    }
    // Unexpected: log everything, tell the client nothing about internals.
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: say('Erreur interne du serveur') });
  });
}
