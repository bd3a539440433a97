import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRadios } from '@vigie/contract/radio.contract';
import { apiAll } from '../../../lib/api-client';
import { radioKeys } from './keys';
import { RADIO_POLL_MS, useRadioPoll } from './radio-poll';

export function getRadios(signal?: AbortSignal) {
  return apiAll(listRadios, { signal, query: { limit: 500 } });
}

export function radiosQueryOptions(refetchInterval: number | false = RADIO_POLL_MS) {
  return queryOptions({
    queryKey: radioKeys.radios,
    queryFn: ({ signal }) => getRadios(signal),
    refetchInterval,
  });
}

/** The company's radios, with the state their handsets last reported. */
export function useRadios() {
  return useQuery(radiosQueryOptions(useRadioPoll(30_000)));
}
