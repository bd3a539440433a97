import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRounds } from '@vigie/contract/guard-tours.contract';
import { apiList } from '../../../lib/api-client';
import { agentSpaceKeys } from './keys';

/** Rounds in progress and planned (the server answers the company's; the page keeps the agent's). */
export function openRoundsQueryOptions() {
  return queryOptions({
    queryKey: agentSpaceKeys.openRounds,
    queryFn: async ({ signal }) => {
      const [running, planned] = await Promise.all([
        apiList(listRounds, { signal, query: { status: 'in_progress', limit: 50 } }),
        apiList(listRounds, { signal, query: { status: 'planned', limit: 50 } }),
      ]);
      return [...running.items, ...planned.items];
    },
    refetchInterval: 60_000,
  });
}
export const useOpenRounds = () => useQuery(openRoundsQueryOptions());
