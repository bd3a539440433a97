import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner';
import { ErrorBoundary } from './error-boundary';
import { UnauthorizedRedirect } from './navigation';
import { AppRoutes } from './routes';
import { bootstrapSession } from './session-bootstrap';

bootstrapSession();

export function App() {
  return (
    <BrowserRouter>
      <UnauthorizedRedirect />
      <ErrorBoundary>
        <Suspense fallback={<FullPageSpinner />}>
          <AppRoutes />
        </Suspense>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
