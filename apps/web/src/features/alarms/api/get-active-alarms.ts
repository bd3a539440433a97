import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAlarms } from '@vigie/contract/alarms.contract';
import { apiList } from '../../../lib/api-client';
import { ALARMS_POLL_MS } from './get-alarms';
import { alarmsKeys } from './keys';

/** The unacknowledged alarms shown by the top bar's bell: the latest few and their total. */
export const ACTIVE_ALARMS_SHOWN = 10;

export function getActiveAlarms(signal?: AbortSignal) {
  return apiList(listAlarms, { signal, query: { status: 'active', limit: ACTIVE_ALARMS_SHOWN } });
}

export function activeAlarmsQueryOptions() {
  return queryOptions({
    queryKey: alarmsKeys.active,
    queryFn: ({ signal }) => getActiveAlarms(signal),
    refetchInterval: ALARMS_POLL_MS,
  });
}

export function useActiveAlarms() {
  return useQuery(activeAlarmsQueryOptions());
}
