import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, use } from 'react';
import { Toaster } from '../components/ui/toaster';
import { queryClient } from './query-client';

// French zod messages, loaded with the first screen that validates. A static import here was
// hoisted by the bundler into the entry chunk, putting zod on the landing page's critical path.
const localeReady = import('@vigie/contract/locale');

/** Data layer, French validation messages and toasts, for every screen that talks to the API. */
export function RuntimeProviders({ children }: { children: ReactNode }) {
  use(localeReady);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
