import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listPanels } from '@vigie/contract/panels.contract';
import { apiList } from '../../../lib/api-client';
import { panelsKeys } from './keys';

/** The event stream refreshes the list; polling keeps the last signals fresh when it is down. */
export const PANELS_POLL_MS = 30_000;

/** The list reads this many panels at a time (« Charger plus » asks for the next ones). */
export const PANELS_PAGE_SIZE = 100;

export type PanelFilters = { siteId?: string };

/** Unset filters are left out of the key, so equal filters share one query. */
function normalize(filters: PanelFilters): PanelFilters {
  return filters.siteId ? { siteId: filters.siteId } : {};
}

export function getPanels(filters: PanelFilters, cursor?: string, signal?: AbortSignal) {
  return apiList(listPanels, {
    signal,
    query: {
      limit: PANELS_PAGE_SIZE,
      ...(filters.siteId ? { siteId: filters.siteId } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });
}

export function panelsQueryOptions(input: PanelFilters = {}) {
  const filters = normalize(input);
  return infiniteQueryOptions({
    queryKey: panelsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getPanels(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: PANELS_POLL_MS,
  });
}

/** The company's alarm panels, filtered by site server-side, page by page. */
export function usePanels(filters: PanelFilters = {}) {
  return useInfiniteQuery({ ...panelsQueryOptions(filters), placeholderData: keepPreviousData });
}
