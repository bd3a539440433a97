import type { Endpoint } from '@vigie/contract/common';
import type { z } from 'zod';
import { ApiError, detailToMessage, GENERIC_ERROR, restrictionOf } from './api-errors';
import { currentLocale, t } from './i18n/i18n';
import { isMaintenanceDetail, reportMaintenance } from './maintenance';
import { clearSession, getToken, setRestriction } from './session';

// The one HTTP client. Every call is described by a contract `Endpoint` (method, path, schemas),
// so the URL, the body and the answer's type all come from the shared declaration.

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

// The schemas an endpoint was declared with (`undefined` when it has none).
type ParamsOf<E> = E extends Endpoint<infer P, infer _Q, infer _B, infer _R> ? P : undefined;
type QueryOf<E> = E extends Endpoint<infer _P, infer Q, infer _B, infer _R> ? Q : undefined;
type BodyOf<E> = E extends Endpoint<infer _P, infer _Q, infer B, infer _R> ? B : undefined;

type CallOptions<E extends Endpoint> = {
  signal?: AbortSignal;
  /** The login call answers 401 for bad credentials: that must not end the (absent) session. */
  ignoreUnauthorized?: boolean;
} & ([ParamsOf<E>] extends [z.ZodType] ? { params: Input<ParamsOf<E>> } : { params?: undefined }) &
  ([QueryOf<E>] extends [z.ZodType] ? { query?: Partial<Input<QueryOf<E>>> } : { query?: undefined }) &
  ([BodyOf<E>] extends [z.ZodType] ? { body: Input<BodyOf<E>> } : { body?: undefined });

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** The app plugs in its router navigation (and cache clearing) here. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

function buildUrl(path: string, params?: unknown, query?: unknown): string {
  const withParams = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params ? (params as Record<string, unknown>)[name] : undefined;
    if (value === undefined || value === null) throw new Error(`Missing path parameter: ${name}`);
    return encodeURIComponent(String(value));
  });
  if (!query || typeof query !== 'object') return withParams;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${withParams}?${qs}` : withParams;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function request<E extends Endpoint>(
  endpoint: E,
  options?: CallOptions<E>,
): Promise<{ payload: Output<E['response']>; response: Response }> {
  // The server answers its errors in the user's language (the session's, else this header).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options?.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, options?.params, options?.query), {
      method: endpoint.method,
      headers,
      body: hasBody ? JSON.stringify(options?.body) : undefined,
      signal: options?.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, t('Le serveur est injoignable. Vérifiez votre connexion.'));
  }

  const payload = response.status === 204 ? null : await readJson(response);
  if (!response.ok) {
    const detail = payload && typeof payload === 'object' && 'detail' in payload ? payload.detail : null;
    throw failure(response.status, detail, GENERIC_ERROR, options?.ignoreUnauthorized, codeOf(payload));
  }
  return { payload: payload as Output<E['response']>, response };
}

export async function apiCall<E extends Endpoint>(
  endpoint: E,
  options?: CallOptions<E>,
): Promise<Output<E['response']>> {
  return (await request(endpoint, options)).payload;
}

/** The `cursor` of the `Link: <…>; rel="next"` header, or null on the last page. */
export function nextCursorOf(link: string | null): string | null {
  const target = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] : undefined;
  if (!target) return null;
  try {
    return new URL(target, 'http://local').searchParams.get('cursor');
  } catch {
    return null;
  }
}

/**
 * A list call that also reads the `X-Total-Count` header (counters without fetching every row)
 * and the next page's cursor from the `Link` header ("Charger plus").
 */
export async function apiList<E extends Endpoint>(
  endpoint: E,
  options?: CallOptions<E>,
): Promise<{ items: Output<E['response']>; total: number; nextCursor: string | null }> {
  const { payload, response } = await request(endpoint, options);
  const header = Number(response.headers.get('X-Total-Count'));
  const total = Number.isFinite(header) && response.headers.has('X-Total-Count') ? header : -1;
  return {
    items: payload,
    total: total >= 0 ? total : Array.isArray(payload) ? payload.length : 0,
    nextCursor: nextCursorOf(response.headers.get('Link')),
  };
}

/**
 * Every row of a list, page after page: a picker of a company's sites must offer all 2,000 of a big
 * company, not the first page's 500 (4 calls). Stops after `maxPages` pages.
 */
export async function apiAll<E extends Endpoint>(
  endpoint: E,
  options?: CallOptions<E>,
  maxPages = 20,
): Promise<Output<E['response']>> {
  const items: unknown[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const query: Record<string, unknown> = { ...(options?.query ?? {}), ...(cursor ? { cursor } : {}) };
    const res: { items: unknown; nextCursor: string | null } = await apiList(endpoint, {
      ...options,
      query,
    } as CallOptions<E>);
    items.push(...(res.items as unknown[]));
    cursor = res.nextCursor;
    if (!cursor) break;
  }
  return items as Output<E['response']>;
}

/**
 * An error answer, with what it means for the whole app: a 401 ends the session, a restriction's
 * 403 sends the user to its full-screen step, maintenance shows the maintenance screen.
 */
export function failure(
  status: number,
  detail: unknown,
  fallback: string,
  ignoreUnauthorized = false,
  code?: string,
) {
  if (status === 401 && !ignoreUnauthorized) reportUnauthorized();
  const restriction = restrictionOf(status, detail, code);
  if (restriction) setRestriction(restriction);
  if (isMaintenanceDetail(status, detail, code)) reportMaintenance(detail);
  return new ApiError(status, detail, detailToMessage(detail) ?? t(fallback), code);
}

/** A business refusal's stable code (`{ detail, code }`), used to put it on its form field. */
function codeOf(payload: unknown): string | undefined {
  if (!payload || typeof payload !== 'object' || !('code' in payload)) return undefined;
  return typeof payload.code === 'string' ? payload.code : undefined;
}

/** The session is over (a 401 outside the api client, e.g. the event stream): clear it and leave. */
export function reportUnauthorized() {
  clearSession();
  onUnauthorized();
}

/**
 * A call whose answer is binary (an image): same URL building, bearer header and error handling
 * as `apiCall`, but the body is returned as a Blob.
 */
export async function apiBlob<E extends Endpoint>(
  endpoint: E,
  options: { params?: Record<string, string>; signal?: AbortSignal },
): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'image/*' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, options.params), {
      method: endpoint.method,
      headers,
      signal: options.signal,
      cache: 'no-store',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, t('Le serveur est injoignable. Vérifiez votre connexion.'));
  }
  if (!response.ok) {
    const payload = await readJson(response);
    const detail = payload && typeof payload === 'object' && 'detail' in payload ? payload.detail : null;
    throw failure(response.status, detail, GENERIC_ERROR);
  }
  return response.blob();
}
