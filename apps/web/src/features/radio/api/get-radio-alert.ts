import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRadioAlert } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { RADIO_POLL_MS, radioKeys, useRadioPoll } from './radio-key';

/** One alert with its nearest available agents (the SOS and dispatch answers seed it). */
export const radioAlertKey = (id: string) => [...radioKeys.alerts, 'detail', id] as const;

export function fetchRadioAlert(id: string, signal?: AbortSignal) {
  return apiCall(getRadioAlert, { signal, params: { id } });
}

export function radioAlertQueryOptions(id: string, refetchInterval: number | false = RADIO_POLL_MS) {
  return queryOptions({
    queryKey: radioAlertKey(id),
    queryFn: ({ signal }) => fetchRadioAlert(id, signal),
    // Agents move: their distances are refreshed while the alert is open.
    refetchInterval,
  });
}

export function useRadioAlert(id: string | null) {
  return useQuery({ ...radioAlertQueryOptions(id ?? '', useRadioPoll(15_000)), enabled: id !== null });
}
