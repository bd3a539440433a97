import { queryOptions, useQuery } from '@tanstack/react-query';
import { listCommunications } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKeys } from './keys';
import { RADIO_POLL_MS, useRadioPoll } from './radio-poll';

/** The recent communications card shows 5 items. */
export const RECENT_COMMUNICATIONS_SHOWN = 5;

export function getRecentCommunications(signal?: AbortSignal) {
  return apiCall(listCommunications, { signal, query: { limit: RECENT_COMMUNICATIONS_SHOWN } });
}

export function recentCommunicationsQueryOptions(refetchInterval: number | false = RADIO_POLL_MS) {
  return queryOptions({
    queryKey: radioKeys.recentCommunications,
    queryFn: ({ signal }) => getRecentCommunications(signal),
    refetchInterval,
  });
}

/** The latest transmissions, newest first, with their transcript and emergency analysis. */
export function useRecentCommunications() {
  return useQuery(recentCommunicationsQueryOptions(useRadioPoll()));
}
