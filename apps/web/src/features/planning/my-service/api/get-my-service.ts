import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMyService } from '@vigie/contract/planning.contract';
import { planningKey } from '../../../../lib/agents-api';
import { apiCall } from '../../../../lib/api-client';

/** Under the planning root: 'shift.changed' and 'agent.changed' events refresh it with the rest. */
export const myServiceKey = [...planningKey, 'me'] as const;

/** Polling is the fallback only (the real-time stream refreshes it); it also rolls the day over. */
export const MY_SERVICE_POLL_MS = 60_000;

export function fetchMyService(signal?: AbortSignal) {
  return apiCall(getMyService, { signal });
}

export function myServiceQueryOptions() {
  return queryOptions({
    queryKey: myServiceKey,
    queryFn: ({ signal }) => fetchMyService(signal),
    refetchInterval: MY_SERVICE_POLL_MS,
  });
}

/** The signed-in agent's record and today's shifts (and any still running). */
export function useMyService() {
  return useQuery(myServiceQueryOptions());
}
