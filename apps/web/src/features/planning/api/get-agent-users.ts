import { queryOptions, useQuery } from '@tanstack/react-query';
import { listUsers } from '@vigie/contract/users.contract';
import { apiAll } from '../../../lib/api-client';
import { planningKeys } from './keys';

export function getAgentUsers(signal?: AbortSignal) {
  return apiAll(listUsers, { signal, query: { limit: 500, role: 'agent' } });
}

export function agentUsersQueryOptions() {
  return queryOptions({
    queryKey: planningKeys.agentUsers,
    queryFn: ({ signal }) => getAgentUsers(signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** User accounts of role Agent, one of which an agent record may be linked to (clock-in). */
export function useAgentUsers(enabled = true) {
  return useQuery({ ...agentUsersQueryOptions(), enabled });
}
