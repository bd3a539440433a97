import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRounds } from '@vigie/contract/guard-tours.contract';
import { apiList } from '../../../lib/api-client';
import { guardToursKeys } from './keys';

/** Rounds in progress and planned, and the last finished ones. */
export function roundsQueryOptions(status: 'in_progress' | 'planned' | 'done' | 'missed') {
  return queryOptions({
    queryKey: guardToursKeys.rounds(status),
    queryFn: ({ signal }) => apiList(listRounds, { signal, query: { status, limit: 50 } }),
    refetchInterval: 60_000,
  });
}
export const useRounds = (status: 'in_progress' | 'planned' | 'done' | 'missed') =>
  useQuery(roundsQueryOptions(status));
