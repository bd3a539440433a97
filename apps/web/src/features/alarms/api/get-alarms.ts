import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AlarmSeverity, type AlarmStatus, listAlarms } from '@vigie/contract/alarms.contract';
import { apiList } from '../../../lib/api-client';

/** Root of every alarms query key: mutations and real-time events invalidate it. */
export const alarmsKey = ['alarms'] as const;

/** Real-time events refresh alarms; polling is only the fallback when the stream is down. */
export const ALARMS_POLL_MS = 60_000;

/** The list shows the most recent ones; the counters give the totals. */
export const ALARMS_PAGE_SIZE = 200;

export type AlarmFilters = { search?: string; status?: AlarmStatus; severity?: AlarmSeverity };

/** Unset filters are left out of the key, so equal filters share one query. */
function normalize(filters: AlarmFilters): AlarmFilters {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.severity ? { severity: filters.severity } : {}),
  };
}

export function getAlarms(filters: AlarmFilters, signal?: AbortSignal) {
  return apiList(listAlarms, { signal, query: { limit: ALARMS_PAGE_SIZE, ...filters } });
}

export function alarmsQueryOptions(input: AlarmFilters = {}) {
  const filters = normalize(input);
  return queryOptions({
    queryKey: [...alarmsKey, 'list', filters],
    queryFn: ({ signal }) => getAlarms(filters, signal),
    refetchInterval: ALARMS_POLL_MS,
  });
}

/** Alarms of the company, most recent first, filtered and searched server-side. */
export function useAlarms(filters: AlarmFilters = {}) {
  return useQuery({ ...alarmsQueryOptions(filters), placeholderData: keepPreviousData });
}
