// The company's agents, read by the planning and by other features (the radio forms pick an agent).
// Features never import each other, so the list and the planning's root key live here, shared.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AgentStatus, listAgents } from '@vigie/contract/agents.contract';
import { apiAll } from './api-client';

/**
 * Root of every planning query key, the agents' list included: the planning's mutations
 * invalidate it, and so does the real-time sync (agents, shifts, the week and the counters all
 * move together).
 */
export const planningKey = ['planning'] as const;

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
    queryKey: [...planningKey, 'agents', 'list', filters],
    queryFn: ({ signal }) => getAgents(filters, signal),
  });
}

/** Agents of the company, searched (case and accents ignored) and filtered server-side. */
export function useAgents(filters: AgentFilters = {}) {
  return useQuery({ ...agentsQueryOptions(filters), placeholderData: keepPreviousData });
}
