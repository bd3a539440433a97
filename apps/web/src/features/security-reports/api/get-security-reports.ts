import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSecurityReports } from '@vigie/contract/security-reports.contract';
import { apiList } from '../../../lib/api-client';
import { securityReportsKeys } from './keys';

export const REPORTS_SHOWN = 200;

export function getSecurityReports(signal?: AbortSignal) {
  return apiList(listSecurityReports, { signal, query: { limit: REPORTS_SHOWN } });
}

export function securityReportsQueryOptions() {
  return queryOptions({
    queryKey: securityReportsKeys.list,
    queryFn: ({ signal }) => getSecurityReports(signal),
  });
}

/** The company's reports, newest first. */
export function useSecurityReports() {
  return useQuery(securityReportsQueryOptions());
}
