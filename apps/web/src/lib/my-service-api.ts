// The signed-in agent's service: today's shifts, clock-in and clock-out. Read by the planning's
// « Mon service » page and by the agent space; features never import each other, so it lives here.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clockIn, clockOut, getMyService } from '@vigie/contract/planning.contract';
import { apiCall } from './api-client';
import type { PositionFix } from './geolocation';
import { myServiceKey, planningKey } from './query-keys';

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

export function postClockIn({ shiftId, position }: { shiftId: string; position: PositionFix }) {
  return apiCall(clockIn, { params: { id: shiftId }, body: position });
}

/** 'Prendre mon service': refused (422/403/409) with the server's French reason. */
export function useClockIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postClockIn,
    // Success or refusal, the shift may have moved (started elsewhere, cancelled): reload it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}

export function postClockOut({ shiftId, position }: { shiftId: string; position: PositionFix }) {
  return apiCall(clockOut, { params: { id: shiftId }, body: position });
}

/** 'Terminer mon service': refused (422/403/409) with the server's French reason. */
export function useClockOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postClockOut,
    onSettled: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}
