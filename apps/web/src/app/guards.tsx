import type { UserRole } from '@vigie/contract/enums';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';
import { IdleLogout, preloadRoute } from './route-modules';

/** Field agents live in their phone space; the control room and managers on the overview. */
export function homePathFor(role: UserRole | undefined): string {
  return role === 'agent' ? '/agent' : '/dashboard';
}

// Loaded with the first signed-in screen, never by the landing page.
const RestrictedSession = lazy(() => import('./restricted-session'));

/** Navigation state of the menu's 'Tableau de bord' entry: the overview was asked for. */
export const overviewRequested = { overview: true } as const;

const isOverview = (pathname: string) => pathname === '/dashboard' || pathname === '/dashboard/';
const wantsOverview = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { overview?: unknown }).overview === true;

/**
 * Dashboard: spinner while the stored session is confirmed, /login without a user. A restricted
 * session (expired password, two-factor enrolment the company requires) sees only its full-screen
 * step until it is done. The company's auto-logout watches every signed-in screen. Signing in
 * goes to /dashboard (the login page's own navigation): an agent is taken from there to the agent
 * space (/agent), unless the menu's 'Tableau de bord' asked for the overview. Deciding on the state
 * rather than on the first location keeps it right whatever order the login's navigations run in.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <FullPageSpinner />;
  if (!session.user) return <Navigate to="/login" replace />;
  const idle = <IdleLogout />;
  if (session.restriction) {
    return (
      <>
        <Suspense fallback={<FullPageSpinner />}>
          <RestrictedSession restriction={session.restriction} />
        </Suspense>
        {idle}
      </>
    );
  }
  const home = homePathFor(session.user.role);
  if (isOverview(location.pathname) && !isOverview(home) && !wantsOverview(location.state)) {
    return <Navigate to={home} replace />;
  }
  return (
    <>
      <Outlet />
      {idle}
    </>
  );
}

/**
 * Login and registration: a signed-in user goes straight to their home page. Signing in starts the
 * home page's code and data at once, while the login page's own navigation renders.
 */
export function RedirectIfSignedIn() {
  const session = useSession();
  const home = session.user ? homePathFor(session.user.role) : null;
  useEffect(() => {
    if (home) preloadRoute(home);
  }, [home]);
  if (home) return <Navigate to={home} replace />;
  return <Outlet />;
}
