import { useQuery } from '@tanstack/react-query';
import { listSites } from '@vigie/contract/sites.contract';
import { apiAll } from '../../../lib/api-client';
import { guardToursKeys } from './keys';

// Features never import each other: the tour form reads the sites through its own call.
export function useTourSites() {
  return useQuery({
    queryKey: guardToursKeys.sites,
    queryFn: ({ signal }) => apiAll(listSites, { signal, query: { limit: 500 } }),
    staleTime: 60_000,
  });
}
