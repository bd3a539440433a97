import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSites } from '@vigie/contract/sites.contract';
import { apiAll } from '../../../lib/api-client';
import { sitesKeys } from './keys';

/** Every site of the company as a picker's options (a big company's 2,000, page after page). */
export function siteOptionsQueryOptions() {
  return queryOptions({
    queryKey: sitesKeys.options,
    queryFn: ({ signal }) => apiAll(listSites, { signal, query: { limit: 500 } }),
    staleTime: 60_000,
  });
}

const toOptions = (sites: { id: string; name: string }[]) =>
  sites.map((s) => ({ value: s.id, label: s.name }));

export function useSiteOptions() {
  return useQuery({ ...siteOptionsQueryOptions(), select: toOptions });
}
