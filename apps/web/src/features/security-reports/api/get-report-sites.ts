import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSites } from '@vigie/contract/sites.contract';
import { apiAll } from '../../../lib/api-client';
import { securityReportsKeys } from './keys';

// Features never import each other: the report form reads the sites through its own call.
export function getReportSites(signal?: AbortSignal) {
  return apiAll(listSites, { signal, query: { limit: 500 } });
}

export function reportSitesQueryOptions() {
  return queryOptions({
    queryKey: securityReportsKeys.sites,
    queryFn: ({ signal }) => getReportSites(signal),
    staleTime: 60_000,
  });
}

export function useReportSites() {
  return useQuery(reportSitesQueryOptions());
}
