// Route discovery for the robustness sweeps: buildApp records every route Fastify registers in
// `app.routeTable` (an onRoute hook), so nothing is listed by hand.

import { LIVE_SOCKET_PATH } from '@vigie/contract/camera-video.contract';
import type { Endpoint, HttpMethod } from '@vigie/contract/common';
import { PTT_SOCKET_PATH } from '@vigie/contract/radio-traffic.contract';
import type { FastifyInstance } from 'fastify';

export interface DiscoveredRoute {
  method: HttpMethod;
  /** The registered URL pattern, e.g. `/api/users/:id`. */
  url: string;
  endpoint: Endpoint;
  /** `GET /api/users/:id`, for messages and test names. */
  name: string;
  /** Path parameter names, in order. */
  params: string[];
}

/**
 * Routes outside the contract that are expected: the documentation UI, and the push-to-talk and
 * live video WebSockets (upgrades, not requests/answers; radio-ptt.test.ts and live-video.test.ts
 * cover their tickets, companies and protocols).
 */
const notContract = (url: string) =>
  !url.startsWith('/api/') ||
  url === '/api/docs' ||
  url.startsWith('/api/docs/') ||
  url === PTT_SOCKET_PATH ||
  url === LIVE_SOCKET_PATH;

/**
 * Every API route the app registered, with its contract declaration. Throws when an API route was
 * registered without going through `route()` (plugins/endpoint.ts): the sweeps could not know its
 * schemas, so it would escape them.
 */
export function discoverRoutes(app: FastifyInstance): DiscoveredRoute[] {
  const routes = app.routeTable;
  const out: DiscoveredRoute[] = [];
  const problems: string[] = [];
  for (const r of routes) {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter(
      (m) => m !== 'HEAD' && m !== 'OPTIONS',
    );
    if (methods.length === 0 || notContract(r.url)) continue;
    const endpoint = (r.config as { endpoint?: Endpoint } | undefined)?.endpoint;
    if (!endpoint) {
      problems.push(
        `${methods.join(',')} ${r.url} is not declared in packages/contract (register it with route())`,
      );
      continue;
    }
    // A stream never ends, so a sweep could not wait for its answer: the module's own tests cover
    // it (GET /api/events: events.test.ts checks session, bad input and company isolation).
    if (endpoint.streaming) continue;
    const params = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
    out.push({ method: endpoint.method, url: r.url, endpoint, name: `${endpoint.method} ${r.url}`, params });
  }
  if (problems.length > 0) throw new Error(`Routes the sweeps cannot exercise:\n${problems.join('\n')}`);
  return out;
}
