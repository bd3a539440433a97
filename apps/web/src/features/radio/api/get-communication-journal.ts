import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { idSchema } from '@vigie/contract/common';
import { listCommunications } from '@vigie/contract/radio-traffic.contract';
import { apiList } from '../../../lib/api-client';
import { radioKeys } from './keys';
import { RADIO_POLL_MS, useRadioPoll } from './radio-poll';

/** The journal reads 50 transmissions at a time (« Charger plus » asks for the next 50). */
export const JOURNAL_PAGE_SIZE = 50;

export type JournalFilters = { channelId?: string; emergency?: boolean };

/**
 * The journal's filters as its address keeps them (?channel=id&emergency=true), read the same way by
 * the page and by the warm-up of a reload. A hand-edited address must not cost a 422: an id that is
 * not one is no filter.
 */
export function journalFiltersOf(params: URLSearchParams): JournalFilters {
  const channel = params.get('channel');
  return {
    ...(channel && idSchema.safeParse(channel).success ? { channelId: channel } : {}),
    ...(params.get('emergency') === 'true' ? { emergency: true } : {}),
  };
}

/** Unset filters are left out of the key, so equal filters share one query. */
function normalize(filters: JournalFilters): JournalFilters {
  return {
    ...(filters.channelId ? { channelId: filters.channelId } : {}),
    ...(filters.emergency ? { emergency: true } : {}),
  };
}

export function getCommunicationJournal(filters: JournalFilters, cursor?: string, signal?: AbortSignal) {
  return apiList(listCommunications, {
    signal,
    query: {
      limit: JOURNAL_PAGE_SIZE,
      ...(filters.channelId ? { channelId: filters.channelId } : {}),
      ...(filters.emergency ? { emergency: 'true' as const } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });
}

export function communicationJournalQueryOptions(
  input: JournalFilters = {},
  refetchInterval: number | false = RADIO_POLL_MS,
) {
  const filters = normalize(input);
  return infiniteQueryOptions({
    // Under radioKeys.communications: a transmission heard (event stream) refreshes it with the
    // recent ones' card.
    queryKey: radioKeys.journal(filters),
    queryFn: ({ pageParam, signal }) => getCommunicationJournal(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // On a refetch each page's cursor is recomputed from the fresh page before it (keyset cursors),
    // so a transmission arriving meanwhile shifts the pages without losing or repeating one.
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval,
  });
}

/** Every transmission of the company, newest first, filtered server-side, page by page. */
export function useCommunicationJournal(filters: JournalFilters = {}) {
  return useInfiniteQuery({
    ...communicationJournalQueryOptions(filters, useRadioPoll()),
    placeholderData: keepPreviousData,
  });
}
