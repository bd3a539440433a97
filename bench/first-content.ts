// First content after sign-in and after a reload (issue 17), in Chromium on localhost.
//
//   npx tsx bench/first-content.ts [--engine pglite|postgres] [--runs 20] [--dist <built web app>]
//                                  [--waterfall true] [--readme false]
//
// Starts the real server (API + the built web app: `--dist`, or a fresh `vite build` into a
// temporary folder) on a fresh database, registers a company with 12 sites and 30 alarms through the
// API, then in Chromium (playwright-core, /usr/bin/chromium):
//   - sign-in: each run in a new browser context (empty cache, no session), /login is opened, the
//     form filled and submitted; measured from the end of the POST /api/auth/login response to the
//     first content of the dashboard;
//   - reload: in a signed-in context whose cache holds the app, each route (dashboard, alarms,
//     sites) is reloaded; measured from the navigation's start to the route's first content.
// "First content" is the animation frame in which a piece of the company's own data is first in the
// page's <main>: the dashboard's 'Sites surveillés' stat card with the company's number of sites,
// an alarm's title in the alarm list, a site's name in the site list. A MutationObserver installed
// before the app's scripts checks the page at every DOM change and notes performance.now() in the
// next requestAnimationFrame callback (the frame that paints it); both ends are in the page's clock.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import {
  http,
  registerAndLogin,
  repoRoot,
  type ServerProcess,
  startServer,
} from '../apps/server/src/test/server-process';
import { appendToReadme, flags, machine, throwawayDatabase } from './lib';

const opts = flags({ engine: 'pglite', runs: '20', dist: '', waterfall: 'false', readme: 'false' });
const runs = Number(opts.runs);
const SITES = 12;
const ALARMS = 30;

const siteName = (i: number) => `Entrepôt Lumière ${i + 1}`;
const alarmTitle = (i: number) => `Intrusion quai ${i + 1}`;
const markers = {
  dashboard: `Sites surveillés${SITES}`,
  alarms: alarmTitle(ALARMS - 1),
  sites: siteName(0),
} as const;
type RouteName = keyof typeof markers;
const routes: Record<RouteName, string> = {
  dashboard: '/dashboard',
  alarms: '/dashboard/alarms',
  sites: '/dashboard/sites',
};

/**
 * Installed before the app's own scripts, in every document of the context. A string, not a
 * function: tsx adds name helpers to functions, which do not exist in the page.
 */
const observeFirstContent = (wanted: Record<string, string>) => `(() => {
  const wanted = ${JSON.stringify(wanted)};
  const seen = {};
  window.__firstContent = seen;
  const check = () => {
    const text = document.querySelector('main')?.textContent ?? '';
    for (const [name, marker] of Object.entries(wanted)) {
      if (seen[name] === undefined && text.includes(marker)) {
        seen[name] = -1;
        requestAnimationFrame(() => { seen[name] = performance.now(); });
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

async function firstContent(page: Page, route: RouteName): Promise<number> {
  const handle = await page
    .waitForFunction(
      (name) => {
        const t = (window as unknown as { __firstContent?: Record<string, number> }).__firstContent?.[name];
        return t !== undefined && t >= 0 ? t : null;
      },
      route,
      { timeout: 20_000, polling: 50 },
    )
    .catch(async (error: unknown) => {
      const seen = await page.evaluate(() => ({
        url: location.href,
        main: document.querySelector('main')?.textContent?.slice(0, 400),
        marks: (window as unknown as { __firstContent?: unknown }).__firstContent,
      }));
      throw new Error(`no first content for ${route}: ${JSON.stringify(seen)}`, { cause: error });
    });
  return (await handle.jsonValue()) as number;
}

type Entry = { name: string; start: number; end: number };
/** The resources the page fetched and its marks, relative to `origin` (page clock). */
async function waterfall(page: Page, origin: number): Promise<Entry[]> {
  const entries = await page.evaluate(() => [
    ...performance
      .getEntriesByType('resource')
      .map((e) => ({ name: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
    ...performance
      .getEntriesByType('mark')
      .map((e) => ({ name: `mark:${e.name}`, start: e.startTime, end: e.startTime })),
  ]);
  return entries
    .filter((e) => e.end >= origin - 50)
    .map((e) => ({
      name: e.name.startsWith('mark:') ? e.name : new URL(e.name).pathname,
      start: Math.round(e.start - origin),
      end: Math.round(e.end - origin),
    }));
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return {
    p50: Math.round(at(0.5)),
    p95: Math.round(at(0.95)),
    min: Math.round(sorted[0] ?? NaN),
    max: Math.round(at(1)),
  };
}

async function seedCompany(server: ServerProcess) {
  const owner = await registerAndLogin(server.url, `fc${Date.now().toString(36)}`);
  const siteIds: string[] = [];
  for (let i = 0; i < SITES; i++) {
    const r = await http(server.url, 'POST', '/api/sites', {
      token: owner.token,
      body: { name: siteName(i), address: `${i + 1} rue de la Paix, 75002 Paris`, type: 'industriel' },
    });
    if (r.status !== 201) throw new Error(`site: ${r.status} ${r.text}`);
    siteIds.push((r.body as { id: string }).id);
  }
  for (let i = 0; i < ALARMS; i++) {
    const r = await http(server.url, 'POST', '/api/alarms', {
      token: owner.token,
      body: {
        siteId: siteIds[i % SITES],
        type: 'intrusion',
        severity: i % 5 === 0 ? 'critical' : 'medium',
        title: alarmTitle(i),
        description: 'Détecteur de mouvement déclenché',
        location: `Quai ${i + 1}`,
      },
    });
    if (r.status !== 201) throw new Error(`alarm: ${r.status} ${r.text}`);
  }
  return owner;
}

const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

async function main() {
  let dist = opts.dist;
  let builtDir: string | undefined;
  if (!dist) {
    builtDir = mkdtempSync(join(tmpdir(), 'vigie-fc-dist-'));
    dist = builtDir;
    execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: join(repoRoot, 'apps/web'),
      stdio: 'inherit',
    });
  }
  const env = { WEB_DIST: dist };
  let server: ServerProcess;
  let cleanup: () => Promise<void>;
  if (opts.engine === 'postgres') {
    const db = await throwawayDatabase('fc');
    server = await startServer({ databaseUrl: db.url, env });
    cleanup = db.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'vigie-fc-'));
    server = await startServer({ dataDir: dir, env });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const browser = await launch();
  try {
    const owner = await seedCompany(server);
    const newContext = async () => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1440, height: 900 },
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
      });
      await context.addInitScript(observeFirstContent(markers));
      return context;
    };

    // --- After sign-in: a new context each run (no cache, no session) ---------------------------
    const signIn: number[] = [];
    let signInWaterfall: Entry[] = [];
    const loads: number[] = [];
    for (let run = 0; run < runs + 1; run++) {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Mot de passe').fill(owner.password);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
      await page.getByRole('button', { name: 'Connexion', exact: true }).click();
      const response = await answered;
      if (response.status() !== 200) throw new Error(`login answered ${response.status()}`);
      const shown = await firstContent(page, 'dashboard');
      const loginEnd = await page.evaluate(() => {
        const e = performance
          .getEntriesByType('resource')
          .filter((r) => r.name.endsWith('/api/auth/login'))
          .at(-1) as PerformanceResourceTiming | undefined;
        return e?.responseEnd ?? NaN;
      });
      // The first run warms the server (its first static files and statements), not counted.
      if (run > 0) {
        signIn.push(shown - loginEnd);
        loads.push(loadavg()[0] ?? 0);
        if (run === Math.ceil(runs / 2)) signInWaterfall = await waterfall(page, loginEnd);
      }
      await context.close();
    }

    // --- After a reload: signed in, the app in the browser's cache ------------------------------
    const reload: Record<RouteName, number[]> = { dashboard: [], alarms: [], sites: [] };
    const reloadWaterfall: Partial<Record<RouteName, Entry[]>> = {};
    {
      const context = await newContext();
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Mot de passe').fill(owner.password);
      await page.getByRole('button', { name: 'Connexion', exact: true }).click();
      await firstContent(page, 'dashboard');
      for (const route of Object.keys(routes) as RouteName[]) {
        await page.goto(routes[route]);
        await firstContent(page, route);
        for (let run = 0; run < runs; run++) {
          await page.reload();
          reload[route].push(await firstContent(page, route));
          if (run === Math.floor(runs / 2)) reloadWaterfall[route] = await waterfall(page, 0);
        }
      }
      await context.close();
    }

    const load = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
    const line = (label: string, xs: number[]) => {
      const s = stats(xs);
      return `| ${label} | ${s.p50} | ${s.p95} | ${s.min} | ${s.max} |`;
    };
    const section = [
      `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — first content, ${opts.engine}`,
      '',
      `Command: \`npx tsx bench/first-content.ts --engine ${opts.engine} --runs ${runs}\` on ${machine()}; load average during the sign-in runs ${load(loads)}.`,
      '',
      '| measure (ms, page clock) | p50 | p95 | min | max |',
      '|---|---:|---:|---:|---:|',
      line('sign-in answer → dashboard stat cards (new context, empty cache)', signIn),
      line('reload /dashboard → stat cards', reload.dashboard),
      line('reload /dashboard/alarms → an alarm in the list', reload.alarms),
      line('reload /dashboard/sites → a site in the list', reload.sites),
    ].join('\n');
    console.log(`\n${section}\n`);
    if (opts.waterfall === 'true') {
      const show = (title: string, entries: Entry[]) => {
        console.log(`\n${title}`);
        for (const e of entries.sort((a, b) => a.start - b.start)) {
          console.log(`  ${String(e.start).padStart(6)} → ${String(e.end).padStart(6)}  ${e.name}`);
        }
      };
      show('sign-in waterfall (ms after the login answer):', signInWaterfall);
      for (const [route, entries] of Object.entries(reloadWaterfall)) {
        show(`reload ${route} waterfall (ms after navigation start):`, entries ?? []);
      }
    }
    if (opts.readme === 'true') appendToReadme(section);
  } finally {
    await browser.close();
    await server.stop();
    await cleanup();
    if (builtDir) rmSync(builtDir, { recursive: true, force: true });
  }
}

await main();
