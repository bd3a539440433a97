import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type badgeStatuses, listBadges } from '@vigie/contract/access.contract';
import { apiList } from '../../../lib/api-client';
import { accessKeys } from './keys';

/** A company rarely holds more badges than this; the count says when some are not shown. */
export const BADGES_SHOWN = 500;

export type BadgeFilters = { search?: string; status?: (typeof badgeStatuses)[number] };

function normalize(filters: BadgeFilters): BadgeFilters {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
}

export function getBadges(filters: BadgeFilters, signal?: AbortSignal) {
  return apiList(listBadges, { signal, query: { limit: BADGES_SHOWN, ...filters } });
}

export function badgesQueryOptions(input: BadgeFilters = {}) {
  const filters = normalize(input);
  return queryOptions({
    queryKey: accessKeys.badges(filters),
    queryFn: ({ signal }) => getBadges(filters, signal),
  });
}

/** Badges of the company by holder name, searched (case and accents ignored) server-side. */
export function useBadges(filters: BadgeFilters = {}) {
  return useQuery({ ...badgesQueryOptions(filters), placeholderData: keepPreviousData });
}
