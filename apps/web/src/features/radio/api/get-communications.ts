import { queryOptions, useQuery } from '@tanstack/react-query';
import { listCommunications } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { RADIO_POLL_MS, radioKeys, useRadioPoll } from './radio-key';

/** Spec section 9: recent communications show 5 items. */
export const RECENT_COMMUNICATIONS_SHOWN = 5;

export function getRecentCommunications(signal?: AbortSignal) {
  return apiCall(listCommunications, { signal, query: { limit: RECENT_COMMUNICATIONS_SHOWN } });
}

export function recentCommunicationsQueryOptions(refetchInterval: number | false = RADIO_POLL_MS) {
  return queryOptions({
    queryKey: [...radioKeys.communications, 'recent'],
    queryFn: ({ signal }) => getRecentCommunications(signal),
    refetchInterval,
  });
}

/** The latest transmissions, newest first, with their transcript and emergency analysis. */
export function useRecentCommunications() {
  return useQuery(recentCommunicationsQueryOptions(useRadioPoll()));
}
