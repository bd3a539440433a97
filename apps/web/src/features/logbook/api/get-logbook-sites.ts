import { useQuery } from '@tanstack/react-query';
import { listSites } from '@vigie/contract/sites.contract';
import { apiAll } from '../../../lib/api-client';
import { logbookKeys } from './keys';

// Features never import each other: the page reads the sites through its own call.
export function useLogbookSites() {
  return useQuery({
    queryKey: logbookKeys.sites,
    queryFn: ({ signal }) => apiAll(listSites, { signal, query: { limit: 500 } }),
    staleTime: 60_000,
  });
}
