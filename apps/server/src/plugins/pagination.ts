// Keyset pagination shared by every list endpoint: an opaque cursor holds the sort key of the
// last row sent; answers carry X-Total-Count and a Link rel="next" header.
//
// The cursor is signed and bound to the company and to the list (issue 18): `<payload>.<mac>`,
// where the payload is the base64url JSON of the sort key and the mac an HMAC-SHA256 (truncated to
// 128 bits) of company, list path and payload under a key derived from the server's secret
// (plugins/secrets.ts). `route()` (plugins/endpoint.ts) checks it before any handler runs and hands
// the services the payload alone, so a forged or tampered cursor, another company's, or another
// list's, is a 422 before any SQL — never a read at another company's key.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalid } from './errors';
import type { SecretBox } from './secrets';

const CURSOR_MAC_PURPOSE = 'list-cursor';
const MAC_CHARS = 22; // 16 bytes in base64url

const cursorMac = (secrets: SecretBox, companyId: string, list: string, payload: string) =>
  secrets.mac(CURSOR_MAC_PURPOSE, `${companyId}\n${list}\n${payload}`).slice(0, MAC_CHARS);

const invalidCursor = () => invalid(['query', 'cursor'], 'Curseur de pagination invalide');

/** The cursor a client receives for `values` (the sort key of a page's last row) on one list. */
export function signCursor(
  secrets: SecretBox,
  companyId: string,
  list: string,
  values: (string | number)[],
): string {
  const payload = Buffer.from(JSON.stringify(values)).toString('base64url');
  return `${payload}.${cursorMac(secrets, companyId, list, payload)}`;
}

/**
 * The payload of a cursor signed for this company and list; throws the 422 otherwise. The payload
 * still goes through `decodeCursor`'s kind checks in the service.
 */
export function openCursor(secrets: SecretBox, companyId: string, list: string, cursor: string): string {
  const dot = cursor.lastIndexOf('.');
  if (dot <= 0) throw invalidCursor();
  const payload = cursor.slice(0, dot);
  const given = Buffer.from(cursor.slice(dot + 1));
  const expected = Buffer.from(cursorMac(secrets, companyId, list, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  return payload;
}

/** The list a request reads, as cursors are bound to it: the contract path (`/api/alarms`). */
export const listOf = (request: FastifyRequest) =>
  request.routeOptions.config.endpoint?.path ?? request.routeOptions.url ?? '';

const encodeCursor = (request: FastifyRequest, values: (string | number)[]) =>
  signCursor(request.server.secrets, request.auth?.companyId ?? '', listOf(request), values);

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
  throw invalidCursor();
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
    url.searchParams.set('cursor', encodeCursor(request, cursorOf(last)));
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page;
}

/** Escapes LIKE wildcards in user search text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
