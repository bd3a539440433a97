import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRadioSummary } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKeys } from './keys';
import { RADIO_POLL_MS, useRadioPoll } from './radio-poll';

export function fetchRadioSummary(signal?: AbortSignal) {
  return apiCall(getRadioSummary, { signal });
}

export function radioSummaryQueryOptions(refetchInterval: number | false = RADIO_POLL_MS) {
  return queryOptions({
    queryKey: radioKeys.summary,
    queryFn: ({ signal }) => fetchRadioSummary(signal),
    refetchInterval,
  });
}

/** The 'Analyse IA' card: counters, average response time and the recommendation. */
export function useRadioSummary() {
  return useQuery(radioSummaryQueryOptions(useRadioPoll(30_000)));
}
