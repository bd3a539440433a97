import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRadioAlerts, type RadioAlert } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKeys } from './keys';
import { RADIO_POLL_MS, useRadioPoll } from './radio-poll';

/** The emergency alerts card shows 3 items. */
export const OPEN_RADIO_ALERTS_SHOWN = 3;

const time = (alert: RadioAlert) => new Date(alert.createdAt).getTime();

/** Unhandled alerts first, then the ones taken in charge; the most recent first within each. */
function byUrgency(a: RadioAlert, b: RadioAlert) {
  if (a.status !== b.status) return a.status === 'active' ? -1 : 1;
  return time(b) - time(a);
}

/** The alerts still open (active or acknowledged): the first few of each, merged. */
export async function getOpenRadioAlerts(signal?: AbortSignal) {
  const [active, acknowledged] = await Promise.all([
    apiCall(listRadioAlerts, { signal, query: { status: 'active', limit: OPEN_RADIO_ALERTS_SHOWN } }),
    apiCall(listRadioAlerts, { signal, query: { status: 'acknowledged', limit: OPEN_RADIO_ALERTS_SHOWN } }),
  ]);
  return [...active, ...acknowledged].sort(byUrgency).slice(0, OPEN_RADIO_ALERTS_SHOWN);
}

export function openRadioAlertsQueryOptions(refetchInterval: number | false = RADIO_POLL_MS) {
  return queryOptions({
    queryKey: radioKeys.openAlerts,
    queryFn: ({ signal }) => getOpenRadioAlerts(signal),
    refetchInterval,
  });
}

export function useOpenRadioAlerts() {
  return useQuery(openRadioAlertsQueryOptions(useRadioPoll()));
}
