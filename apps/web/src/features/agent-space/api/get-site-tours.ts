import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTours } from '@vigie/contract/guard-tours.contract';
import { apiList } from '../../../lib/api-client';
import { agentSpaceKeys } from './keys';

export function siteToursQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: agentSpaceKeys.tours(siteId),
    queryFn: async ({ signal }) =>
      (await apiList(listTours, { signal, query: { siteId, limit: 100 } })).items,
    enabled: siteId !== '',
  });
}
export const useSiteTours = (siteId: string) => useQuery(siteToursQueryOptions(siteId));
