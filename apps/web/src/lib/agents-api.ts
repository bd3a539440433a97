// The company's agents, read by the planning and by other features (the radio forms pick an agent).
// Features never import each other, so the list lives here, shared (its key: query-keys.ts).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AgentStatus, listAgents } from '@vigie/contract/agents.contract';
import { apiAll } from './api-client';
import { agentsKey } from './query-keys';

export type AgentFilters = { search?: string; status?: AgentStatus; siteId?: string };

/** Unset filters are left out of the key, so equal filters share one query. */
function normalize(filters: AgentFilters): AgentFilters {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.siteId ? { siteId: filters.siteId } : {}),
  };
}

export function getAgents(filters: AgentFilters, signal?: AbortSignal) {
  return apiAll(listAgents, { signal, query: { limit: 500, ...filters } });
}

export function agentsQueryOptions(input: AgentFilters = {}) {
  const filters = normalize(input);
  return queryOptions({
    queryKey: agentsKey(filters),
    queryFn: ({ signal }) => getAgents(filters, signal),
  });
}

/** Agents of the company, searched (case and accents ignored) and filtered server-side. */
export function useAgents(filters: AgentFilters = {}) {
  return useQuery({ ...agentsQueryOptions(filters), placeholderData: keepPreviousData });
}
