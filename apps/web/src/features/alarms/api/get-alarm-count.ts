import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AlarmStatus, listAlarms } from '@vigie/contract/alarms.contract';
import { apiList } from '../../../lib/api-client';
import { ALARMS_POLL_MS } from './get-alarms';
import { alarmsKeys } from './keys';

/** How many alarms of the company have this status (the list's X-Total-Count, one row fetched). */
export async function getAlarmCount(status: AlarmStatus, signal?: AbortSignal) {
  const { total } = await apiList(listAlarms, { signal, query: { status, limit: 1 } });
  return total;
}

export function alarmCountQueryOptions(status: AlarmStatus) {
  return queryOptions({
    queryKey: alarmsKeys.count(status),
    queryFn: ({ signal }) => getAlarmCount(status, signal),
    refetchInterval: ALARMS_POLL_MS,
  });
}

export function useAlarmCount(status: AlarmStatus) {
  return useQuery(alarmCountQueryOptions(status));
}
