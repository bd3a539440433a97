import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSites } from '@vigie/contract/sites.contract';
import { apiAll } from '../../../lib/api-client';
import { accessKeys } from './keys';

// Features never import each other: access control reads the sites through its own call.
export function getAccessSites(signal?: AbortSignal) {
  return apiAll(listSites, { signal, query: { limit: 500 } });
}

export function accessSitesQueryOptions() {
  return queryOptions({
    queryKey: accessKeys.sites,
    queryFn: ({ signal }) => getAccessSites(signal),
    staleTime: 60_000,
  });
}

/** The company's sites: the log's site filter and the site of an access point. */
export function useAccessSites() {
  return useQuery(accessSitesQueryOptions());
}
