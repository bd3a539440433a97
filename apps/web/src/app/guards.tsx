import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';

/** Dashboard: spinner while the stored session is confirmed, /login without a user. */
export function RequireSession() {
  const session = useSession();
  if (session.status === 'loading') return <FullPageSpinner />;
  if (!session.user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Login and registration: a signed-in user goes straight to the dashboard. */
export function RedirectIfSignedIn() {
  const session = useSession();
  if (session.user) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
