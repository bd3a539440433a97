import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSites } from '@vigie/contract/sites.contract';
import { apiList } from '../../../lib/api-client';
import { sitesKeys } from './keys';

/** A page shows this many sites at most; the total comes from the server. */
export const SITES_PAGE_SIZE = 500;

export function getSites(search: string, signal?: AbortSignal) {
  return apiList(listSites, { signal, query: { limit: SITES_PAGE_SIZE, search: search || undefined } });
}

export function sitesQueryOptions(search = '') {
  return queryOptions({
    queryKey: sitesKeys.list(search),
    queryFn: ({ signal }) => getSites(search, signal),
  });
}

/** The first page of sites (up to SITES_PAGE_SIZE) and the search's total. */
export function useSitePage(search = '') {
  return useQuery({ ...sitesQueryOptions(search), placeholderData: keepPreviousData });
}

/** Sites of the company, filtered server-side (case and accents ignored). */
export function useSites(search = '') {
  return useQuery({
    ...sitesQueryOptions(search),
    placeholderData: keepPreviousData,
    select: (page) => page.items,
  });
}
