import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getReportStatistics, type ReportPeriod } from '@vigie/contract/reports.contract';
import { apiCall } from '../../../lib/api-client';
import { reportsKeys } from './keys';

export type StatisticsFilters = { period: Exclude<ReportPeriod, 'custom'>; siteId?: string };

export function statisticsQueryOptions(filters: StatisticsFilters) {
  const query = { period: filters.period, ...(filters.siteId ? { siteId: filters.siteId } : {}) };
  return queryOptions({
    queryKey: reportsKeys.statistics(query),
    queryFn: ({ signal }) => apiCall(getReportStatistics, { signal, query }),
    refetchInterval: 60_000,
  });
}

/** The cards and charts of the period, from the server's counts. */
export function useReportStatistics(filters: StatisticsFilters) {
  return useQuery({ ...statisticsQueryOptions(filters), placeholderData: keepPreviousData });
}
