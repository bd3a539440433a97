import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSites } from '@vigie/contract/sites.contract';
import { apiAll } from '../../../lib/api-client';
import { reportsKeys } from './keys';

// Features never import each other: the reports read the sites through their own call.
export function reportSitesQueryOptions() {
  return queryOptions({
    queryKey: reportsKeys.sites,
    queryFn: ({ signal }) => apiAll(listSites, { signal, query: { limit: 500 } }),
    staleTime: 60_000,
  });
}

export function useReportSites() {
  return useQuery(reportSitesQueryOptions());
}
