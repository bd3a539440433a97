import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listLogbook } from '@vigie/contract/logbook.contract';
import { apiList } from '../../../lib/api-client';
import { logbookKeys } from './keys';

export const ENTRIES_SHOWN = 200;

export interface LogbookFilter {
  siteId: string;
  from?: string | undefined;
  to?: string | undefined;
}

export function logbookQueryOptions(f: LogbookFilter) {
  return infiniteQueryOptions({
    queryKey: logbookKeys.list(f.siteId, f.from ?? '', f.to ?? ''),
    queryFn: ({ pageParam, signal }) =>
      apiList(listLogbook, {
        signal,
        query: {
          siteId: f.siteId,
          limit: ENTRIES_SHOWN,
          ...(f.from ? { from: f.from } : {}),
          ...(f.to ? { to: f.to } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
    initialPageParam: undefined as string | undefined,
    // Each page's cursor is recomputed from the fresh page before it on a refetch (a new entry).
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: f.siteId !== '',
    placeholderData: keepPreviousData,
  });
}

/** A site's entries for the period, newest (highest number) first, a page at a time. */
export function useLogbook(f: LogbookFilter) {
  return useInfiniteQuery(logbookQueryOptions(f));
}
