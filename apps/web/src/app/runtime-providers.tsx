import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { queryClient } from './query-client';

// No zod here: the French zod messages (`@vigie/contract/locale`) are imported by each module
// that validates (form dialogs, the login and registration API modules), so no screen waits for
// zod (25 KB gzipped) before it can be used.

/** Data layer and toasts for the landing page's demo-request modal (outside the app shell). */
export function RuntimeProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
