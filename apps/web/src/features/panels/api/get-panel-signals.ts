import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listPanelSignals } from '@vigie/contract/panels.contract';
import { apiList } from '../../../lib/api-client';
import { panelsKeys } from './keys';

/** The journal reads 50 signals at a time (« Charger plus » asks for the next 50). */
export const SIGNALS_PAGE_SIZE = 50;

/** While open, the journal follows a panel being commissioned (the event stream refreshes it too). */
export const SIGNALS_POLL_MS = 10_000;

export function getPanelSignals(id: string, cursor?: string, signal?: AbortSignal) {
  return apiList(listPanelSignals, {
    signal,
    params: { id },
    query: { limit: SIGNALS_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });
}

export function panelSignalsQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: panelsKeys.signals(id),
    queryFn: ({ pageParam, signal }) => getPanelSignals(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: SIGNALS_POLL_MS,
  });
}

/** A panel's signals, newest first, page by page. */
export function usePanelSignals(id: string) {
  return useInfiniteQuery(panelSignalsQueryOptions(id));
}
