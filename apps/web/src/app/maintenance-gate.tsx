import { lazy, type ReactNode, Suspense } from 'react';
import { FullPageSpinner } from '../components/ui/spinner';
import { useMaintenance } from '../lib/maintenance';

const MaintenancePage = lazy(() => import('./maintenance-page'));

/**
 * While the server is in maintenance mode the app is replaced by one screen: its pages (and their
 * polling) unmount, so there is no storm of failing calls and toasts; they come back on 'Réessayer'.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const message = useMaintenance();
  if (message === null) return children;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <MaintenancePage message={message} />
    </Suspense>
  );
}
