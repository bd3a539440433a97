// Sending one sweep request through the full HTTP stack (inject), with a fresh client address so
// per-address limits (demo requests, login throttling) do not turn probes into 429s.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

let ipCounter = 0;
export const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Query objects become a query string; arrays repeat the key; other values are JSON-ish text. */
export function queryString(query: unknown): string {
  if (query === undefined || query === null || typeof query !== 'object' || Array.isArray(query)) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      params.append(k, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export interface Probe {
  method: string;
  url: string;
  headers?: Record<string, string>;
  query?: unknown;
  /** JSON body (serialised here), or raw text with `contentType`. */
  body?: unknown;
  raw?: string | Buffer;
  contentType?: string;
}

export function send(app: FastifyInstance, p: Probe): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(p.headers ?? {}) };
  const opts: InjectOptions = {
    method: p.method as InjectOptions['method'],
    url: p.url + queryString(p.query),
    remoteAddress: nextIp(),
    headers,
  };
  if (p.raw !== undefined) {
    opts.payload = p.raw;
    if (p.contentType) headers['content-type'] = p.contentType;
  } else if (p.body !== undefined) {
    opts.payload = JSON.stringify(p.body);
    headers['content-type'] = p.contentType ?? 'application/json';
  }
  return app.inject(opts);
}

/** English phrases that betray an untranslated message. */
const english =
  /\b(expected|received|invalid input|required|must be|too (big|small)|not found|unexpected|unrecognized|bad request|internal server error|unsupported media|body|is not|should)\b/i;

/** Checks an error answer's shape: `{ detail }`, a French string or a list of `{ loc, msg, type }`. */
export function errorShapeProblem(res: LightMyRequestResponse): string | undefined {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `not JSON: ${res.body.slice(0, 200)}`;
  }
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') {
    if (detail.trim() === '') return 'empty detail';
    if (english.test(detail)) return `detail looks English: ${detail}`;
    return undefined;
  }
  if (Array.isArray(detail) && detail.length > 0) {
    for (const d of detail as { loc?: unknown; msg?: unknown; type?: unknown }[]) {
      if (!Array.isArray(d.loc) || typeof d.msg !== 'string' || typeof d.type !== 'string') {
        return `malformed validation item: ${JSON.stringify(d)}`;
      }
      if (d.msg.trim() === '' || english.test(d.msg))
        return `validation message looks English or empty: ${d.msg}`;
    }
    return undefined;
  }
  return `no detail: ${res.body.slice(0, 200)}`;
}
