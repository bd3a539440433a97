import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type accessLogStatuses, listAccessLogs } from '@vigie/contract/access.contract';
import { apiList } from '../../../lib/api-client';
import { accessKeys } from './keys';

/** Real-time events refresh the log; polling is only the fallback when the stream is down. */
export const ACCESS_LOGS_POLL_MS = 60_000;

/** Lines per page of the log ("Charger plus" asks the server for the next one). */
export const ACCESS_LOGS_PAGE_SIZE = 50;

export type AccessLogFilters = {
  search?: string;
  status?: (typeof accessLogStatuses)[number];
  siteId?: string;
  /** Local days (YYYY-MM-DD) in the company's timezone, both included. */
  from?: string;
  to?: string;
};

/** Unset filters are left out of the key, so equal filters share one query. */
function normalize(filters: AccessLogFilters): AccessLogFilters {
  const out: AccessLogFilters = {};
  for (const key of ['search', 'status', 'siteId', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) Object.assign(out, { [key]: value });
  }
  return out;
}

export function getAccessLogs(filters: AccessLogFilters, cursor: string | undefined, signal?: AbortSignal) {
  return apiList(listAccessLogs, {
    signal,
    query: { limit: ACCESS_LOGS_PAGE_SIZE, ...filters, ...(cursor ? { cursor } : {}) },
  });
}

export function accessLogsQueryOptions(input: AccessLogFilters = {}) {
  const filters = normalize(input);
  return infiniteQueryOptions({
    queryKey: accessKeys.logs(filters),
    queryFn: ({ pageParam, signal }) => getAccessLogs(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // On a refetch (a new line arrived) each page's cursor is recomputed from the fresh page
    // before it, so no line falls between two pages.
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: ACCESS_LOGS_POLL_MS,
  });
}

/** The access log, newest first, filtered and searched server-side, one page at a time. */
export function useAccessLogs(filters: AccessLogFilters = {}) {
  return useInfiniteQuery({ ...accessLogsQueryOptions(filters), placeholderData: keepPreviousData });
}
