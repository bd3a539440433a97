import { Outlet } from 'react-router';
import { RuntimeProviders } from './runtime-providers';

/** Root of every route except the landing page. */
export default function AppShell() {
  return (
    <RuntimeProviders>
      <Outlet />
    </RuntimeProviders>
  );
}
