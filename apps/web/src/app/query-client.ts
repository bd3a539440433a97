import { QueryClient } from '@tanstack/react-query';
import { ApiError, isMaintenanceError } from '../lib/api-errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (401, 403, 404, 422) will not change on retry, nor will maintenance mode
      // (its screen has a 'Réessayer' button).
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        !isMaintenanceError(error) &&
        failureCount < 2,
    },
  },
});
