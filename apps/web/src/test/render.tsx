// Component-test support: the app's real providers (a real QueryClient, a memory router) and a
// stub of `fetch` only — the network boundary — answering by method and path, so the api client,
// the contract, the query hooks and the components under test all run as they do in the app.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import type { Company, User } from '@vigie/contract/auth.contract';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { clearSession, startSession } from '../lib/session';

// The whole suite shares two cores with the API tests: give lazy chunks and queries time to settle.
configure({ asyncUtilTimeout: 5000 });

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> } | Response;
type Handler = (request: { url: URL; method: string; body: unknown }) => Answer | Promise<Answer>;

/** Stubs `fetch` with routes like `'GET /api/users'`; an unknown route fails the test loudly. */
export function stubFetch(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected request in a test: ${method} ${url.pathname}`);
    const answer = await handler({ url, method, body });
    if (answer instanceof Response) return answer;
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? null), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetch: fetchStub };
}

export function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
}

/** Renders inside a fresh QueryClient and a memory router (at `path`). */
export function renderWithApp(ui: ReactElement, { path = '/', client = newQueryClient() } = {}) {
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** Claire Martin, owner and administrator of Gardiennage Sud, with `over` changed. */
export const testUser = (over: Partial<User> = {}): User => ({
  id: '5f1c5a57-8a8e-4b8e-9d55-4d1f0c9f6a01',
  companyId: '0b5e7a55-2f35-4f3f-8f6a-3f4b8c0a1d22',
  name: 'Claire Martin',
  email: 'claire.martin@gardiennage-sud.fr',
  phone: null,
  role: 'admin',
  isOwner: true,
  city: 'Marseille',
  timezone: 'Europe/Paris',
  language: 'fr',
  createdAt: '2026-01-05T09:00:00.000Z',
  ...over,
});

export const testCompany: Company = {
  id: '0b5e7a55-2f35-4f3f-8f6a-3f4b8c0a1d22',
  reference: 'GS-0001',
  name: 'Gardiennage Sud',
  email: 'contact@gardiennage-sud.fr',
  phone: null,
  address: null,
  subscription: 'pro',
  createdAt: '2026-01-05T09:00:00.000Z',
};

/** Signs in as a login would: `testUser(over)` of `testCompany` (cleanupAfterEach signs out). */
export function signIn(over: Partial<User> = {}) {
  startSession('token-of-the-test', testUser(over), testCompany);
}

/** Each test file that renders calls this once: unmount, forget the stubs and the session. */
export function cleanupAfterEach() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearSession();
    window.localStorage.clear();
  });
}
