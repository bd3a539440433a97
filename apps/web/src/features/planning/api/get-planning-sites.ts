import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSites } from '@vigie/contract/sites.contract';
import { apiAll } from '../../../lib/api-client';
import { planningKeys } from './keys';

// Features never import each other: the planning reads the sites through its own call.
export function getPlanningSites(signal?: AbortSignal) {
  return apiAll(listSites, { signal, query: { limit: 500 } });
}

export function planningSitesQueryOptions() {
  return queryOptions({
    queryKey: planningKeys.sites,
    queryFn: ({ signal }) => getPlanningSites(signal),
    staleTime: 60_000,
  });
}

/** The company's sites (assignment of agents, site of a shift, site planning tab). */
export function usePlanningSites() {
  return useQuery(planningSitesQueryOptions());
}
