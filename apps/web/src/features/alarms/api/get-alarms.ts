import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type AlarmSeverity, type AlarmStatus, listAlarms } from '@vigie/contract/alarms.contract';
import { apiList } from '../../../lib/api-client';
import { alarmsKeys } from './keys';

/** Real-time events refresh alarms; polling is only the fallback when the stream is down. */
export const ALARMS_POLL_MS = 60_000;

/** The list shows the most recent ones, a page at a time (« Charger plus »); the counters give the totals. */
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

export function getAlarms(filters: AlarmFilters, cursor?: string, signal?: AbortSignal) {
  return apiList(listAlarms, {
    signal,
    query: { limit: ALARMS_PAGE_SIZE, ...filters, ...(cursor ? { cursor } : {}) },
  });
}

export function alarmsQueryOptions(input: AlarmFilters = {}) {
  const filters = normalize(input);
  return infiniteQueryOptions({
    queryKey: alarmsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAlarms(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // On a refetch (a new alarm arrived) each page's cursor is recomputed from the fresh page before
    // it, so no alarm falls between two pages (keyset cursors: page 1,000 costs what page 1 does).
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: ALARMS_POLL_MS,
  });
}

/** Alarms of the company, most recent first, filtered and searched server-side, page by page. */
export function useAlarms(filters: AlarmFilters = {}) {
  return useInfiniteQuery({ ...alarmsQueryOptions(filters), placeholderData: keepPreviousData });
}
