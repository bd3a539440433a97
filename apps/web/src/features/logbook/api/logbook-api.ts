import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  createLogbookEntry,
  type createLogbookEntryBody,
  getLogbookPhoto,
  listLogbook,
  verifyLogbook,
} from '@vigie/contract/logbook.contract';
import { listSites } from '@vigie/contract/sites.contract';
import type { z } from 'zod';
import { apiAll, apiBlob, apiCall, apiList } from '../../../lib/api-client';
import { logbookKey } from '../../../lib/shared-query-keys';

export const ENTRIES_SHOWN = 200;

// Features never import each other: the page reads the sites through its own call.
export function useLogbookSites() {
  return useQuery({
    queryKey: [...logbookKey, 'sites'],
    queryFn: ({ signal }) => apiAll(listSites, { signal, query: { limit: 500 } }),
    staleTime: 60_000,
  });
}

export interface LogbookFilter {
  siteId: string;
  from?: string | undefined;
  to?: string | undefined;
}

export function logbookQueryOptions(f: LogbookFilter) {
  return infiniteQueryOptions({
    queryKey: [...logbookKey, 'list', f.siteId, f.from ?? '', f.to ?? ''],
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

export type CreateLogbookEntryInput = z.input<typeof createLogbookEntryBody>;

export function useCreateLogbookEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLogbookEntryInput) => apiCall(createLogbookEntry, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logbookKey }),
  });
}

export function useVerifyLogbook() {
  return useMutation({
    mutationFn: (siteId: string) => apiCall(verifyLogbook, { query: { siteId } }),
  });
}

/** A photo of an entry, as an object URL (its route needs the bearer header). */
export function useLogbookPhoto(photoId: string) {
  return useQuery({
    // Outside logbookKey: a new entry must not fetch the photos again.
    queryKey: ['logbook-photo', photoId],
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await apiBlob(getLogbookPhoto, { params: { id: photoId }, signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
