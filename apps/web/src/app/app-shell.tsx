import { Outlet } from 'react-router';
import { Toaster } from '../components/ui/toaster';

/**
 * Root of every route except the landing page: the toasts, shared by all of them so a toast
 * survives a navigation (login → dashboard). The data layer (TanStack Query) is provided by the
 * dashboard layout, the only screens that use it.
 */
export default function AppShell() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
