import { queryOptions, useQuery } from '@tanstack/react-query';
import { health } from '@vigie/contract/health.contract';
import { apiCall } from '../../../lib/api-client';
import { healthKey } from './keys';

export const HEALTH_POLL_MS = 30_000;

export function getHealth(signal?: AbortSignal) {
  return apiCall(health, { signal });
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: healthKey,
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    retry: 1,
    staleTime: 0,
    // Try even when the browser believes it is offline: the badge must show the failure.
    networkMode: 'always',
  });
}

/** Liveness of the API, polled every 30 s: drives the 'En ligne' / 'Hors ligne' badge. */
export function useHealth() {
  return useQuery(healthQueryOptions());
}
