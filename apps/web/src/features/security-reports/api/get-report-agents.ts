import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAgents } from '@vigie/contract/agents.contract';
import { apiAll } from '../../../lib/api-client';
import { securityReportsKeys } from './keys';

/** The company's agents: who made an intervention. */
export function getReportAgents(signal?: AbortSignal) {
  return apiAll(listAgents, { signal, query: { limit: 500 } });
}

export function reportAgentsQueryOptions() {
  return queryOptions({
    queryKey: securityReportsKeys.agents,
    queryFn: ({ signal }) => getReportAgents(signal),
    staleTime: 60_000,
  });
}

export function useReportAgents() {
  return useQuery(reportAgentsQueryOptions());
}
