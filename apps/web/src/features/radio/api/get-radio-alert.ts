import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRadioAlert } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKeys } from './keys';
import { RADIO_POLL_MS, useRadioPoll } from './radio-poll';

export function fetchRadioAlert(id: string, signal?: AbortSignal) {
  return apiCall(getRadioAlert, { signal, params: { id } });
}

export function radioAlertQueryOptions(id: string, refetchInterval: number | false = RADIO_POLL_MS) {
  return queryOptions({
    queryKey: radioKeys.alert(id),
    queryFn: ({ signal }) => fetchRadioAlert(id, signal),
    // Agents move: their distances are refreshed while the alert is open.
    refetchInterval,
  });
}

export function useRadioAlert(id: string | null) {
  return useQuery({ ...radioAlertQueryOptions(id ?? '', useRadioPoll(15_000)), enabled: id !== null });
}
