import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSites } from '@vigie/contract/sites.contract';
import { apiCall } from '../../../lib/api-client';

/** Root of every sites query key: mutations invalidate it. */
export const sitesKey = ['sites'] as const;

export function getSites(search: string, signal?: AbortSignal) {
  return apiCall(listSites, { signal, query: { limit: 500, search: search || undefined } });
}

export function sitesQueryOptions(search = '') {
  return queryOptions({
    queryKey: [...sitesKey, 'list', { search }],
    queryFn: ({ signal }) => getSites(search, signal),
  });
}

/** Sites of the company, filtered server-side (case and accents ignored). */
export function useSites(search = '') {
  return useQuery({ ...sitesQueryOptions(search), placeholderData: keepPreviousData });
}
