// Benchmark scenarios, declared in one place: each module adds its own in a few lines.
// `ctx` is the seeded dataset (one company, its owner's session, 50 users, plus the bulk SQL seeds
// that scenarios name).
import { alarms50kPortail, alarms500k, alarmsOnEverySite } from './alarm-seeds';
import { bigCompanyRest, type SqlSeed, sitesAndCameras } from './seeds';

export interface BenchContext {
  token: string;
  companyId: string;
  email: string;
  password: string;
  userIds: string[];
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string | ((ctx: BenchContext) => string);
  body?: (ctx: BenchContext) => unknown;
  headers?: (ctx: BenchContext) => Record<string, string>;
  /** Extra seeding before the run (through the API). */
  setup?: (ctx: BenchContext, baseUrl: string) => Promise<void>;
  /** Bulk datasets written in SQL as the owner before the run (each seed once per run, in order). */
  seed?: SqlSeed | SqlSeed[];
  /** Deliberately slow (password hashing): reported apart, not compared with the bare route. */
  slow?: boolean;
}

const bearer = (ctx: BenchContext) => ({ authorization: `Bearer ${ctx.token}` });

export const scenarios: Scenario[] = [
  { name: 'GET /api/auth/me', method: 'GET', path: '/api/auth/me', headers: bearer },
  { name: 'GET /api/users?limit=50 (50 rows)', method: 'GET', path: '/api/users?limit=50', headers: bearer },
  {
    name: 'POST /api/auth/login',
    method: 'POST',
    path: '/api/auth/login',
    body: (ctx) => ({ email: ctx.email, password: ctx.password }),
    slow: true,
  },
  // Issue 4: one company with 2,000 sites and 20,000 cameras (bench/seeds.ts).
  {
    name: 'GET /api/sites?limit=50 (2,000 sites)',
    method: 'GET',
    path: '/api/sites?limit=50',
    headers: bearer,
    seed: sitesAndCameras,
  },
  {
    name: 'GET /api/cameras?limit=50&search=parking (2,000 of 20,000)',
    method: 'GET',
    path: '/api/cameras?limit=50&search=parking',
    headers: bearer,
    seed: sitesAndCameras,
  },
  {
    name: 'GET /api/dashboard/overview (20,000 cameras)',
    method: 'GET',
    path: '/api/dashboard/overview',
    headers: bearer,
    seed: sitesAndCameras,
  },
];

// Issue 5: alarms. The siteId of POST /api/alarms comes from a site created in setup.
let alarmSiteId = '';
let deviceSiteId = '';
let deviceKey = '';
scenarios.push(
  {
    name: 'POST /api/alarms',
    method: 'POST',
    path: '/api/alarms',
    headers: bearer,
    setup: async (ctx, baseUrl) => {
      const res = await fetch(`${baseUrl}/api/sites`, {
        method: 'POST',
        headers: { ...bearer(ctx), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Site du banc alarmes', address: '1 place du Banc, Lyon' }),
      });
      alarmSiteId = ((await res.json()) as { id: string }).id;
    },
    body: () => ({
      siteId: alarmSiteId,
      title: 'Intrusion détectée',
      description: 'Détecteur de mouvement, zone 2',
      location: 'Zone 2',
      severity: 'high',
    }),
  },
  {
    // A panel posting with its integration key (kept in memory per instance after its first use).
    name: 'POST /api/integrations/alarms (device key)',
    method: 'POST',
    path: '/api/integrations/alarms',
    headers: () => ({ 'x-api-key': deviceKey }),
    setup: async (ctx, baseUrl) => {
      const post = async (path: string, body: unknown) =>
        (await (
          await fetch(`${baseUrl}${path}`, {
            method: 'POST',
            headers: { ...bearer(ctx), 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as Record<string, string>;
      deviceSiteId = (
        await post('/api/sites', { name: 'Site du banc centrale', address: '2 place du Banc, Lyon' })
      ).id as string;
      deviceKey = (await post('/api/integrations/keys', { name: 'Centrale du banc' })).key as string;
    },
    body: () => ({
      siteId: deviceSiteId,
      title: 'Intrusion détectée',
      description: 'Centrale, zone 3',
      location: 'Zone 3',
      severity: 'high',
      type: 'intrusion',
    }),
  },
  {
    // An operator looking up one alarm in the history: the trigram index (migration 0013).
    name: 'GET /api/alarms?search=Alarme 123456&limit=50 (500,000 alarms)',
    method: 'GET',
    path: '/api/alarms?search=Alarme%20123456&limit=50',
    headers: bearer,
    seed: alarms500k,
  },
  {
    // A common word: 38,000 of the 500,000 alarms match.
    name: 'GET /api/alarms?search=Zone 7&limit=50 (500,000 alarms)',
    method: 'GET',
    path: '/api/alarms?search=Zone%207&limit=50',
    headers: bearer,
    seed: alarms500k,
  },
  {
    name: 'GET /api/alarms?status=active&limit=50 (500,000 alarms)',
    method: 'GET',
    path: '/api/alarms?status=active&limit=50',
    headers: bearer,
    seed: alarms500k,
  },
);

// Issue 18: one company with 2,000 sites, 20,000 cameras, 500 agents, 500,000 alarms and 1,000,000
// access logs beside 50 ordinary companies, read uncached (`--read-cache-ttl 0`). Run with
// `--only 18:`; page 1,000's cursors are reached by following the Link headers during setup.
const big = [sitesAndCameras, alarmsOnEverySite, bigCompanyRest];
const ids18 = { site: '', alarmsPage1000: '', logsPage1000: '' };
async function walk(ctx: BenchContext, baseUrl: string, path: string, pages: number): Promise<string> {
  let url = `${baseUrl}${path}`;
  for (let i = 1; i < pages; i++) {
    const res = await fetch(url, { headers: bearer(ctx) });
    await res.arrayBuffer();
    const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    if (!res.ok || !next) throw new Error(`${path}: no page ${i + 1} (${res.status})`);
    url = `${baseUrl}${next}`;
  }
  return new URL(url).searchParams.get('cursor') ?? '';
}
const get18 = (name: string, path: string | ((ctx: BenchContext) => string), setup?: Scenario['setup']) =>
  ({
    name: `18: ${name}`,
    method: 'GET',
    path,
    headers: bearer,
    seed: big,
    ...(setup ? { setup } : {}),
  }) as Scenario;
scenarios.push(
  get18('GET /api/sites?limit=50 (2,000 sites)', '/api/sites?limit=50', async (ctx, baseUrl) => {
    const res = await fetch(`${baseUrl}/api/sites?limit=1`, { headers: bearer(ctx) });
    ids18.site = ((await res.json()) as { id: string }[])[0]?.id ?? '';
  }),
  get18('GET /api/cameras?limit=50&search=parking (2,000 of 20,000)', '/api/cameras?limit=50&search=parking'),
  get18('GET /api/alarms?limit=50 (500,000 alarms)', '/api/alarms?limit=50'),
  get18('GET /api/alarms?status=active&limit=50', '/api/alarms?status=active&limit=50'),
  get18('GET /api/alarms?severity=critical&limit=50', '/api/alarms?severity=critical&limit=50'),
  get18('GET /api/alarms?siteId=…&limit=50 (250 alarms)', () => `/api/alarms?siteId=${ids18.site}&limit=50`),
  get18(
    'GET /api/alarms?search=vitrine&limit=50 (rare word, 100 alarms)',
    '/api/alarms?search=vitrine&limit=50',
  ),
  get18(
    'GET /api/alarms?search=détecteur&limit=50 (common word, first page)',
    `/api/alarms?search=${encodeURIComponent('détecteur')}&limit=50`,
  ),
  get18(
    'GET /api/alarms?limit=50, page 1,000',
    () => `/api/alarms?limit=50&cursor=${encodeURIComponent(ids18.alarmsPage1000)}`,
    async (ctx, baseUrl) => {
      ids18.alarmsPage1000 = await walk(ctx, baseUrl, '/api/alarms?limit=50', 1000);
    },
  ),
  get18('GET /api/access/logs?limit=50 (1,000,000 lines), page 1', '/api/access/logs?limit=50'),
  get18(
    'GET /api/access/logs?limit=50, page 1,000',
    () => `/api/access/logs?limit=50&cursor=${encodeURIComponent(ids18.logsPage1000)}`,
    async (ctx, baseUrl) => {
      ids18.logsPage1000 = await walk(ctx, baseUrl, '/api/access/logs?limit=50', 1000);
    },
  ),
  get18('GET /api/radio/communications/?limit=50 (200,000)', '/api/radio/communications/?limit=50'),
  get18(
    'GET /api/logbook?siteId=…&limit=50 (100,000 entries)',
    () => `/api/logbook?siteId=${ids18.site}&limit=50`,
  ),
  get18('GET /api/audit?limit=50 (200,000 entries)', '/api/audit?limit=50'),
);

// Issue 30: a common word in a big company's alarms — « portail » in a quarter of 50,000 (bench/alarm-seeds.ts)
// — against a rare one (« vitrine », 10 alarms) and the unsearched list. Run with `--only 30:`.
const get30 = (name: string, path: string) =>
  ({ name: `30: ${name}`, method: 'GET', path, headers: bearer, seed: alarms50kPortail }) as Scenario;
scenarios.push(
  get30('GET /api/alarms?limit=50 (50,000 alarms)', '/api/alarms?limit=50'),
  get30(
    'GET /api/alarms?search=portail&limit=50 (common word, 12,500 of 50,000)',
    '/api/alarms?search=portail&limit=50',
  ),
  get30(
    'GET /api/alarms?search=vitrine&limit=50 (rare word, 10 alarms)',
    '/api/alarms?search=vitrine&limit=50',
  ),
);
