// French zod messages: loaded with the first screen that validates, not with the landing page
// (keeps zod out of the landing's JavaScript budget; see the note in router.tsx).
import '@vigie/contract/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { queryClient } from './query-client';

/** Data layer and toasts, for every screen that talks to the API. */
export function RuntimeProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
