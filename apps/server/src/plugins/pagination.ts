// Keyset pagination shared by every list endpoint: an opaque cursor holds the sort key of the
// last row sent; answers carry X-Total-Count and a Link rel="next" header.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalid } from './errors';

export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** Kinds of the values a cursor holds, in the list's sort order. */
export type CursorPart = 'string' | 'number' | 'uuid' | 'timestamp' | 'scalar';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cursorChecks: Record<CursorPart, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string' && !v.includes('\u0000'),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  uuid: (v) => typeof v === 'string' && uuidPattern.test(v),
  timestamp: (v) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) && !Number.isNaN(Date.parse(v)),
  scalar: (v) => cursorChecks.string(v) || cursorChecks.number(v),
};

/**
 * Decodes a cursor and checks each value's kind: a client can forge a cursor, and a value of the
 * wrong type would otherwise reach SQL and fail there (a 500). `shape` is the list of kinds, or
 * just the arity: then the last value is the row id (every list ends its order on the id).
 */
export function decodeCursor(
  cursor: string | undefined,
  shape: number | CursorPart[],
): (string | number)[] | undefined {
  if (cursor === undefined) return undefined;
  const parts: CursorPart[] =
    typeof shape === 'number'
      ? [...Array.from({ length: shape - 1 }, () => 'scalar' as const), 'uuid']
      : shape;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === parts.length &&
      values.every((v, i) => cursorChecks[parts[i] as CursorPart](v))
    ) {
      return values as (string | number)[];
    }
  } catch {
    // fall through to the validation error
  }
  throw invalid(['query', 'cursor'], 'Curseur de pagination invalide');
}

/** Sends the pagination headers; `rows` holds up to limit + 1 rows, the extra one meaning "more". */
export function paginate<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: T[],
  limit: number,
  total: number,
  cursorOf: (row: T) => (string | number)[],
): T[] {
  reply.header('x-total-count', String(total));
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  if (last !== undefined) {
    const url = new URL(request.url, 'http://local');
    url.searchParams.set('cursor', encodeCursor(cursorOf(last)));
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page;
}

/** Escapes LIKE wildcards in user search text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
