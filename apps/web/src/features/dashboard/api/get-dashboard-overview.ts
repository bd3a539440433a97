import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDashboardOverview } from '@vigie/contract/dashboard.contract';
import { apiCall } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export const DASHBOARD_REFRESH_MS = 30_000;

export function fetchDashboardOverview(signal?: AbortSignal) {
  return apiCall(getDashboardOverview, { signal });
}

/** Everything the overview shows, in one call, refreshed every 30 s. */
export function dashboardOverviewQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.overview,
    queryFn: ({ signal }) => fetchDashboardOverview(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
  });
}

export function useDashboardOverview() {
  return useQuery(dashboardOverviewQueryOptions());
}
