import * as Drawer from '@radix-ui/react-dialog';
import { QueryClientProvider } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { LoneWorkerAlertsBanner } from '../../features/lone-worker/lone-worker-alerts-banner';
import { t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { preloadCodeWhenIdle } from '../idle-preload';
import { queryClient } from '../query-client';
import { navItemsFor } from './nav-items';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useRealtimeSync } from './use-realtime-sync';

/** Dashboard shell: fixed side menu (16rem) on desktop, a drawer on phones and tablets. */
export function DashboardLayout() {
  const { user, company } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // One subscription for the whole signed-in session; stopped on logout (the user goes away).
  useRealtimeSync(user?.id);
  // Once the first screen has its data, the code of the other menu entries loads while the browser
  // is idle.
  const role = user?.role;
  useEffect(
    () =>
      preloadCodeWhenIdle(
        navItemsFor(role).map((item) => item.to),
        () => queryClient.isFetching() > 0,
      ),
    [role],
  );
  if (!user) return null;
  const reference = company?.reference ?? null;

  return (
    <div className="min-h-dvh bg-ink-900">
      <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 border-r border-white/5 lg:block">
        <SideMenu companyReference={reference} />
      </aside>
      <Drawer.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Drawer.Portal>
          <Drawer.Overlay className="fixed inset-0 z-50 bg-black/70 lg:hidden" />
          <Drawer.Content className="fixed inset-y-0 left-0 z-50 w-64 max-w-[85vw] shadow-2xl focus:outline-none lg:hidden">
            <Drawer.Title className="sr-only">{t('Menu principal')}</Drawer.Title>
            <Drawer.Description className="sr-only">{t('Navigation entre les modules')}</Drawer.Description>
            <SideMenu companyReference={reference} onNavigate={() => setDrawerOpen(false)} />
            <Drawer.Close
              aria-label={t('Fermer le menu')}
              className="absolute top-3.5 right-3 rounded-md p-1.5 text-slate-300 hover:bg-ink-800 hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Drawer.Close>
          </Drawer.Content>
        </Drawer.Portal>
      </Drawer.Root>
      <div className="flex min-h-dvh flex-col lg:pl-64">
        <TopBar user={user} company={company} onOpenMenu={() => setDrawerOpen(true)} />
        {/* Lone workers who missed a check-in: on every page until acknowledged (control room only). */}
        <LoneWorkerAlertsBanner />
        <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Suspense
            fallback={
              <div className="flex justify-center py-20">
                <Spinner />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/**
 * The dashboard is the only part of the app shell that fetches with TanStack Query: its provider
 * lives here, so the login and registration pages do not load it.
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <DashboardLayout />
    </QueryClientProvider>
  );
}
