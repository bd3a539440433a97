import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTourStats } from '@vigie/contract/guard-tours.contract';
import { apiCall } from '../../../lib/api-client';
import { guardToursKeys } from './keys';

export function statsQueryOptions() {
  return queryOptions({
    queryKey: guardToursKeys.stats,
    queryFn: ({ signal }) => apiCall(getTourStats, { signal, query: {} }),
  });
}
export const useTourStats = () => useQuery(statsQueryOptions());
