import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { ErrorBoundary } from './error-boundary';
import { MaintenanceGate } from './maintenance-gate';
import { UnauthorizedRedirect } from './navigation';
import { AppRoutes } from './routes';
import { bootstrapSession } from './session-bootstrap';

bootstrapSession();

export function App() {
  return (
    <BrowserRouter>
      <UnauthorizedRedirect />
      <ErrorBoundary>
        <MaintenanceGate>
          <Suspense fallback={<FullPageSpinner />}>
            <AppRoutes />
          </Suspense>
        </MaintenanceGate>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
