import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRadioAlert } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { RADIO_POLL_MS, radioKeys } from './radio-key';

/** One alert with its nearest available agents (the SOS and dispatch answers seed it). */
export const radioAlertKey = (id: string) => [...radioKeys.alerts, 'detail', id] as const;

export function fetchRadioAlert(id: string, signal?: AbortSignal) {
  return apiCall(getRadioAlert, { signal, params: { id } });
}

export function radioAlertQueryOptions(id: string) {
  return queryOptions({
    queryKey: radioAlertKey(id),
    queryFn: ({ signal }) => fetchRadioAlert(id, signal),
    // Agents move: their distances are refreshed while the alert is open.
    refetchInterval: RADIO_POLL_MS,
  });
}

export function useRadioAlert(id: string | null) {
  return useQuery({ ...radioAlertQueryOptions(id ?? ''), enabled: id !== null });
}
