import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getAlarmTimes } from '@vigie/contract/reports.contract';
import { apiCall } from '../../../lib/api-client';
import type { StatisticsFilters } from './get-statistics';
import { reportsKeys } from './keys';

/** How long the control room took over the period's alarms, overall, per site and per operator. */
export function useAlarmTimes(filters: StatisticsFilters) {
  const query = { period: filters.period, ...(filters.siteId ? { siteId: filters.siteId } : {}) };
  return useQuery({
    queryKey: [...reportsKeys.statistics(query), 'alarm-times'],
    queryFn: ({ signal }) => apiCall(getAlarmTimes, { signal, query }),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
