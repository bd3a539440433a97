import type { UserRole } from '@vigie/contract/enums';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';

/** Field agents live on their clock-in page; the control room and managers on the overview. */
export function homePathFor(role: UserRole | undefined): string {
  return role === 'agent' ? '/dashboard/service' : '/dashboard';
}

/** Navigation state of the menu's 'Tableau de bord' entry: the overview was asked for. */
export const overviewRequested = { overview: true } as const;

const isOverview = (pathname: string) => pathname === '/dashboard' || pathname === '/dashboard/';
const wantsOverview = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { overview?: unknown }).overview === true;

/**
 * Dashboard: spinner while the stored session is confirmed, /login without a user. Signing in
 * goes to /dashboard (the login page's own navigation): an agent is taken from there to 'Mon
 * service', unless the menu's 'Tableau de bord' asked for the overview. Deciding on the state
 * rather than on the first location keeps it right whatever order the login's navigations run in.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <FullPageSpinner />;
  if (!session.user) return <Navigate to="/login" replace />;
  const home = homePathFor(session.user.role);
  if (isOverview(location.pathname) && !isOverview(home) && !wantsOverview(location.state)) {
    return <Navigate to={home} replace />;
  }
  return <Outlet />;
}

/** Login and registration: a signed-in user goes straight to their home page. */
export function RedirectIfSignedIn() {
  const session = useSession();
  if (session.user) return <Navigate to={homePathFor(session.user.role)} replace />;
  return <Outlet />;
}
