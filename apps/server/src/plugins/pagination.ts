// Keyset pagination shared by every list endpoint: an opaque cursor holds the sort key of the
// last row sent; answers carry X-Total-Count and a Link rel="next" header.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalid } from './errors';

export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, arity: number): (string | number)[] | undefined {
  if (cursor === undefined) return undefined;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === arity &&
      values.every((v) => typeof v === 'string' || typeof v === 'number')
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
