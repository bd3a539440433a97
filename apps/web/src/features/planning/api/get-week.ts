import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { getWeek } from '@vigie/contract/planning.contract';
import { apiList } from '../../../lib/api-client';
import { planningKeys } from './keys';

/** Agents per page of the week grid: a company of 500 agents loads them as the planner scrolls. */
export const WEEK_PAGE_SIZE = 100;

export function fetchWeek(
  from: string,
  siteId: string | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return apiList(getWeek, {
    signal,
    query: { from, siteId, limit: WEEK_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });
}

export function weekQueryOptions(from: string, siteId?: string) {
  return infiniteQueryOptions({
    queryKey: planningKeys.week({ from, ...(siteId ? { siteId } : {}) }),
    queryFn: ({ pageParam, signal }) => fetchWeek(from, siteId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Seven days of shifts from the chosen day, agent by agent, a page of agents at a time. */
export function useWeek(from: string, siteId?: string) {
  return useInfiniteQuery({ ...weekQueryOptions(from, siteId), placeholderData: keepPreviousData });
}
