import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getWeek } from '@vigie/contract/planning.contract';
import { apiCall } from '../../../lib/api-client';
import { planningKey } from './get-agents';

export function fetchWeek(from: string, siteId?: string, signal?: AbortSignal) {
  return apiCall(getWeek, { signal, query: { from, siteId } });
}

export function weekQueryOptions(from: string, siteId?: string) {
  return queryOptions({
    queryKey: [...planningKey, 'week', { from, ...(siteId ? { siteId } : {}) }],
    queryFn: ({ signal }) => fetchWeek(from, siteId, signal),
  });
}

/** Seven days of shifts from the chosen day. */
export function useWeek(from: string, siteId?: string) {
  return useQuery({ ...weekQueryOptions(from, siteId), placeholderData: keepPreviousData });
}
