import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { useLocale } from '../lib/i18n/use-locale';
import { getSession } from '../lib/session';
import { ErrorBoundary } from './error-boundary';
import { homePathFor } from './guards';
import { MaintenanceGate } from './maintenance-gate';
import { UnauthorizedRedirect } from './navigation';
import { preloadRoute } from './route-modules';
import { AppRoutes } from './routes';
import { bootstrapSession } from './session-bootstrap';

bootstrapSession();
// A stored session (a reload, a link opened in a new tab): the route's code and first queries start
// now, alongside the session's confirmation, rather than one after the other once it is confirmed.
const stored = getSession();
if (stored.token) {
  const path = window.location.pathname.replace(/\/+$/, '');
  if (path === '/dashboard') preloadRoute(homePathFor(stored.user?.role));
  else preloadRoute(path, { query: window.location.search });
}

export function App() {
  // A new language draws every screen again (keyed remount): each text is read at render time.
  const locale = useLocale();
  return (
    <BrowserRouter>
      <UnauthorizedRedirect />
      <ErrorBoundary>
        <MaintenanceGate>
          <Suspense fallback={<FullPageSpinner />}>
            <AppRoutes key={locale} />
          </Suspense>
        </MaintenanceGate>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
