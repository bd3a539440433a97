import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Alarm, getAlarm } from '@vigie/contract/alarms.contract';
import { apiCall } from '../../../lib/api-client';
import { alarmsKeys } from './keys';

export function fetchAlarm(id: string, signal?: AbortSignal) {
  return apiCall(getAlarm, { signal, params: { id } });
}

export function alarmQueryOptions(id: string) {
  return queryOptions({
    queryKey: alarmsKeys.detail(id),
    queryFn: ({ signal }) => fetchAlarm(id, signal),
  });
}

/** One alarm with its timeline; `placeholder` (the list's copy) shows at once. */
export function useAlarm(id: string | null, placeholder?: Alarm) {
  return useQuery({
    ...alarmQueryOptions(id ?? ''),
    enabled: id !== null,
    placeholderData: placeholder,
  });
}
