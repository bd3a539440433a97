import { queryOptions, useQuery } from '@tanstack/react-query';
import { listChannels } from '@vigie/contract/radio.contract';
import { apiAll } from '../../../lib/api-client';
import { radioKeys } from './keys';
import { RADIO_POLL_MS, useRadioPoll } from './radio-poll';

export function getChannels(signal?: AbortSignal) {
  return apiAll(listChannels, { signal, query: { limit: 500 } });
}

export function channelsQueryOptions(refetchInterval: number | false = RADIO_POLL_MS) {
  return queryOptions({
    queryKey: radioKeys.channels,
    queryFn: ({ signal }) => getChannels(signal),
    refetchInterval,
  });
}

/** Radio channels, by priority, with their members. */
export function useChannels() {
  return useQuery(channelsQueryOptions(useRadioPoll(30_000)));
}
