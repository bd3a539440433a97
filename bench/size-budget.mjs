#!/usr/bin/env node
// Size budgets of the built web app (run after `npm run build`; deterministic: gzip level 9 of the
// built files). The JavaScript a browser must load:
//   landing page (index.html's entry and its static imports)            < 105 KB gzipped
//   login and registration pages (landing + auth layout + the page)     < 125 KB
// (5 KB more than before the languages, as issue 35 allows: docs/decisions/0028-languages.md)
//   each dashboard route's own chunk (what it adds to the shell)        < 150 KB
// Reads apps/web/dist/index.html and the Vite manifest (apps/web/dist/.vite/manifest.json, from
// `build.manifest: true`); without a manifest it follows the static imports written in the chunks.
//   the live map's route (MapLibre GL)                                  < 320 KB
// Prints the figures; exits non-zero when a budget is exceeded.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(root, process.argv[2] ?? 'apps/web/dist');
const KB = 1024;
const budgets = { landing: 105 * KB, auth: 125 * KB, route: 150 * KB };
// The live map's route carries MapLibre GL and PMTiles (~290 KB; its worker, ~145 KB more, is a
// file of its own that the map starts): only that route may, no other chunk holds them.
const routeBudgets = { map: 320 * KB };

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`size budget: ${dist}/index.html not found — run \`npm run build\` first`);
  process.exit(1);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const toFile = (url) => url.replace(/^\//, '').split('?')[0];
const entryFiles = [
  ...[...html.matchAll(/<script\b[^>]*type="module"[^>]*>/g)].map((m) => attr(m[0], 'src')),
  ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => attr(m[0], 'href')),
]
  .filter(Boolean)
  .map(toFile);

const gz = new Map();
const gzipSize = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};
const sum = (files) => [...files].reduce((n, f) => n + gzipSize(f), 0);

// --- Module graph: from the manifest, or from the chunks' own import statements ---------------
const manifestPath = join(dist, '.vite', 'manifest.json');
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : undefined;

/** Static imports of a built file (file → files). */
let staticImports;
/** Built file of a source module (e.g. src/app/routes/login.tsx), if any. */
let sourceToFile;

if (manifest) {
  const byKey = manifest;
  const fileOf = (key) => byKey[key]?.file;
  const importsOf = new Map();
  for (const chunk of Object.values(byKey)) {
    if (!chunk.file.endsWith('.js')) continue;
    importsOf.set(chunk.file, (chunk.imports ?? []).map(fileOf).filter(Boolean));
  }
  staticImports = (f) => importsOf.get(f) ?? [];
  sourceToFile = (src) => (byKey[src]?.file?.endsWith('.js') ? byKey[src].file : undefined);
} else {
  const scan = (f, dynamic) => {
    const code = readFileSync(join(dist, f), 'utf8');
    const re = dynamic
      ? /import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g
      : /(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;
    return [...code.matchAll(re)].map((m) => posix.normalize(posix.join(posix.dirname(f), m[1])));
  };
  const cacheS = new Map();
  staticImports = (f) => cacheS.get(f) ?? cacheS.set(f, scan(f, false)).get(f);
  // Rolldown/Rollup name a lazy chunk after its module: src/app/routes/login.tsx → assets/login-<hash>.js.
  const assets = existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')) : [];
  sourceToFile = (src) => {
    const base = posix.basename(src).replace(/\.[jt]sx?$/, '');
    const hits = assets.filter((a) => a.endsWith('.js') && new RegExp(`^${base}-[\\w-]{6,}\\.js$`).test(a));
    return hits.length === 1 ? `assets/${hits[0]}` : undefined;
  };
}

const closure = (starts) => {
  const seen = new Set();
  const stack = [...starts];
  while (stack.length) {
    const f = stack.pop();
    if (!f || seen.has(f) || !existsSync(join(dist, f))) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
};
/**
 * What the browser must load to show a route: the route chunk (the router lazy-loads it) and its
 * static imports. The route's own dynamic imports run later, on a user action (e.g. the contract
 * and API call loaded when a form is submitted), so they are not part of the page's budget.
 */
const routeFiles = (file) => closure([file]);

// --- Pages -----------------------------------------------------------------------------------
const webSrc = join(root, 'apps/web/src');
const routeSources = existsSync(join(webSrc, 'app/routes'))
  ? readdirSync(join(webSrc, 'app/routes'))
      .filter((f) => /\.[jt]sx?$/.test(f) && !/\.test\./.test(f))
      .map((f) => `src/app/routes/${f}`)
  : [];
const authRoutes = ['login', 'register-company'];
// Not dashboard screens: the landing page ships in the entry (measured above), the rest are tiny.
const notPages = ['landing', 'route-error', 'register-redirect', 'not-found'];
const name = (src) => posix.basename(src).replace(/\.[jt]sx?$/, '');

const landing = closure(entryFiles);
const authLayout = sourceToFile('src/app/layouts/auth-layout.tsx');
const dashboardLayout = sourceToFile('src/app/layouts/dashboard-layout.tsx');
const shell = new Set([...landing, ...(dashboardLayout ? routeFiles(dashboardLayout) : [])]);

const results = [];
const problems = [];
const check = (label, bytes, budget, files) => {
  results.push({ label, bytes, budget, files: files.size });
  if (bytes > budget) problems.push(`${label}: ${(bytes / KB).toFixed(1)} KB > ${budget / KB} KB`);
};

check('landing page (/)', sum(landing), budgets.landing, landing);
for (const r of authRoutes) {
  const file = sourceToFile(`src/app/routes/${r}.tsx`);
  if (!file) {
    problems.push(`cannot find the built chunk of src/app/routes/${r}.tsx (is the page lazy-loaded?)`);
    continue;
  }
  const files = new Set([...landing, ...(authLayout ? routeFiles(authLayout) : []), ...routeFiles(file)]);
  check(`/${r} page (landing + auth layout + page)`, sum(files), budgets.auth, files);
}
if (!dashboardLayout) problems.push('cannot find the built chunk of src/app/layouts/dashboard-layout.tsx');
for (const src of routeSources) {
  const r = name(src);
  if (authRoutes.includes(r) || notPages.includes(r)) continue;
  const file = sourceToFile(src);
  if (!file) {
    problems.push(`cannot find the built chunk of ${src} (every dashboard screen must be lazy-loaded)`);
    continue;
  }
  if (landing.has(file)) problems.push(`${src} is in the landing page's bundle: it must be lazy-loaded`);
  const own = new Set([...routeFiles(file)].filter((f) => !shell.has(f)));
  check(`dashboard route ${r} (own chunks)`, sum(own), routeBudgets[r] ?? budgets.route, own);
}

// MapLibre GL and PMTiles are the map route's alone: no other chunk may hold them.
const mapRoute = sourceToFile('src/app/routes/map.tsx');
if (mapRoute && existsSync(join(dist, 'assets'))) {
  const mapFiles = routeFiles(mapRoute);
  for (const f of readdirSync(join(dist, 'assets')).filter((n) => n.endsWith('.js'))) {
    const file = `assets/${f}`;
    if (!mapFiles.has(file) && /maplibre|pmtiles/i.test(readFileSync(join(dist, file), 'utf8')))
      problems.push(
        `${file} holds MapLibre or PMTiles code: only the map route (src/app/routes/map.tsx) may`,
      );
  }
}

const width = Math.max(...results.map((r) => r.label.length));
console.log(
  `Size budgets (gzip -9) of ${posix.relative(root, dist) || dist}${manifest ? '' : ' (no Vite manifest: import scan)'}`,
);
for (const r of results) {
  const ok = r.bytes <= r.budget ? 'ok ' : 'OVER';
  console.log(
    `  ${ok} ${r.label.padEnd(width)}  ${(r.bytes / KB).toFixed(1).padStart(6)} KB / ${r.budget / KB} KB  (${r.files} files)`,
  );
}
if (problems.length) {
  console.error(`\nSize budget failures:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
