import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRadios } from '@vigie/contract/radio.contract';
import { apiCall } from '../../../lib/api-client';
import { RADIO_POLL_MS, radioKeys } from './radio-key';

export function getRadios(signal?: AbortSignal) {
  return apiCall(listRadios, { signal, query: { limit: 500 } });
}

export function radiosQueryOptions() {
  return queryOptions({
    queryKey: radioKeys.radios,
    queryFn: ({ signal }) => getRadios(signal),
    refetchInterval: RADIO_POLL_MS,
  });
}

/** The company's radios, with the state their handsets last reported. */
export function useRadios() {
  return useQuery(radiosQueryOptions());
}
