import { queryOptions, useQuery } from '@tanstack/react-query';
import { listChannels } from '@vigie/contract/radio.contract';
import { apiCall } from '../../../lib/api-client';
import { RADIO_POLL_MS, radioKeys } from './radio-key';

export function getChannels(signal?: AbortSignal) {
  return apiCall(listChannels, { signal, query: { limit: 500 } });
}

export function channelsQueryOptions() {
  return queryOptions({
    queryKey: radioKeys.channels,
    queryFn: ({ signal }) => getChannels(signal),
    refetchInterval: RADIO_POLL_MS,
  });
}

/** Radio channels, by priority, with their members. */
export function useChannels() {
  return useQuery(channelsQueryOptions());
}
