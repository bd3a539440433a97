import { FullPageSpinner, Spinner } from '../components/ui/spinner';
import { lazyPage, type PreloadableComponent } from './lazy-page';

// Every page but the landing is lazy-loaded into its own chunk; this is where they are declared, with
// what each signed-in path needs before it can show, so that its code and its data load together.

const fullPage = <FullPageSpinner />;
const inLayout = (
  <div className="flex justify-center py-20">
    <Spinner />
  </div>
);
const withDefault = (load: () => Promise<{ default: () => React.ReactNode }>) => () =>
  load().then((module) => ({ Component: module.default }));

export const AppShell = lazyPage(
  withDefault(() => import('./app-shell')),
  fullPage,
);
/** The company's auto-logout, on every signed-in screen (renders nothing until it warns). */
export const IdleLogout = lazyPage(withDefault(() => import('./idle-logout')));
export const AuthLayout = lazyPage(() => import('./layouts/auth-layout'), fullPage);
export const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'), fullPage);
export const Login = lazyPage(() => import('./routes/login'), inLayout);
export const RegisterCompany = lazyPage(() => import('./routes/register-company'), inLayout);
export const RegisterRedirect = lazyPage(() => import('./routes/register-redirect'), fullPage);
export const NotFound = lazyPage(() => import('./routes/not-found'), fullPage);
export const AgentSpace = lazyPage(() => import('./routes/agent'), fullPage);
export const Kiosk = lazyPage(() => import('./routes/kiosk'), fullPage);
export const Verification = lazyPage(() => import('./routes/verification'), fullPage);

/** The dashboard's screens, by path (the side menu's entries, and the screens they lead to). */
export const dashboardPages = {
  '/dashboard': lazyPage(() => import('./routes/overview'), inLayout),
  '/dashboard/sites': lazyPage(() => import('./routes/sites'), inLayout),
  '/dashboard/cameras': lazyPage(() => import('./routes/cameras'), inLayout),
  '/dashboard/alarms': lazyPage(() => import('./routes/alarms'), inLayout),
  // Not a menu entry: reached from the alarms page's « Centrales d'alarme » button.
  '/dashboard/alarms/panels': lazyPage(() => import('./routes/panels'), inLayout),
  '/dashboard/logbook': lazyPage(() => import('./routes/logbook'), inLayout),
  // The live map: MapLibre and PMTiles load with this route's chunk only.
  '/dashboard/map': lazyPage(() => import('./routes/map'), inLayout),
  '/dashboard/tours': lazyPage(() => import('./routes/guard-tours'), inLayout),
  '/dashboard/access': lazyPage(() => import('./routes/access'), inLayout),
  '/dashboard/radio': lazyPage(() => import('./routes/radio'), inLayout),
  // Not a menu entry: reached from the radio page's 'Communications récentes' card.
  '/dashboard/radio/journal': lazyPage(() => import('./routes/radio-journal'), inLayout),
  '/dashboard/reports': lazyPage(() => import('./routes/reports'), inLayout),
  '/dashboard/security-reports': lazyPage(() => import('./routes/security-reports'), inLayout),
  '/dashboard/planning': lazyPage(() => import('./routes/planning'), inLayout),
  '/dashboard/service': lazyPage(() => import('./routes/my-service'), inLayout),
  '/dashboard/settings': lazyPage(() => import('./routes/settings'), inLayout),
} satisfies Record<string, PreloadableComponent>;

const trimmed = (path: string) => path.replace(/\/+$/, '') || '/';

/** The code a signed-in path needs before it can show: the shell, the layout and the page. */
function modulesFor(path: string): PreloadableComponent[] {
  const clean = trimmed(path);
  if (clean === '/agent') return [AppShell, IdleLogout, AgentSpace];
  const page = (dashboardPages as Record<string, PreloadableComponent>)[clean];
  return page ? [AppShell, IdleLogout, DashboardLayout, page] : [];
}

type RouteData = typeof import('./route-data');
let routeData: RouteData | undefined;
/** The prefetch map (route-data.ts): loaded with the first signed-in code, then kept at hand. */
const loadRouteData = (): Promise<RouteData> =>
  import('./route-data').then((module) => {
    routeData = module;
    return module;
  });

/**
 * Fetches the code of a signed-in path (its shell, layout and page, and the prefetch map that starts
 * its data); resolves when it can render.
 */
export function preloadCode(path: string): Promise<unknown> {
  const modules = modulesFor(path);
  if (modules.length === 0) return Promise.resolve();
  // The map starts only the dashboard's screens' data (the agent space keeps its own on the phone).
  const data = path.startsWith('/dashboard') ? [loadRouteData()] : [];
  return Promise.all([...data, ...modules.map((module) => module.preload())]);
}

/**
 * Starts at once what a signed-in path needs: its code and, with `data`, its first queries (the
 * prefetch map, route-data.ts, is loaded on demand: it brings the data layer, which visitors never
 * need). Called on a reload's first tick, at sign-in and when a menu entry is pointed at; idempotent.
 * `query` is the address's query string, for a screen whose filters live there (a reload of a
 * filtered journal warms the filtered list, not the whole one).
 */
export function preloadRoute(path: string, { data = true, query = '' } = {}) {
  // The data first, and synchronously when the map is already here (the sign-in, after the login
  // page loaded it): its requests leave before the browser renders or evaluates the (larger) code.
  const withData = data && path.startsWith('/dashboard');
  if (withData && routeData) routeData.prefetchRouteData(trimmed(path), query);
  else if (withData) {
    loadRouteData()
      .then(({ prefetchRouteData }) => prefetchRouteData(trimmed(path), query))
      .catch(() => undefined);
  }
  preloadCode(path).catch(() => undefined);
}
