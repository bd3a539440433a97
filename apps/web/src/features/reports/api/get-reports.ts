import { queryOptions, useQuery } from '@tanstack/react-query';
import { listReports, type Report } from '@vigie/contract/reports.contract';
import { apiList } from '../../../lib/api-client';
import { reportsKeys } from './keys';

export const RECENT_REPORTS = 20;

const isPending = (r: Report) => r.status === 'En attente' || r.status === 'En cours';

export function reportsQueryOptions(live: boolean) {
  return queryOptions({
    queryKey: reportsKeys.list,
    queryFn: ({ signal }) => apiList(listReports, { signal, query: { limit: RECENT_REPORTS } }),
    // Events move a report to 'Prêt'; while one is being built and the stream is down, poll.
    refetchInterval: (query) =>
      !live && query.state.data?.items.some(isPending) ? 3_000 : live ? false : 60_000,
  });
}

/** The most recent reports of the company, newest first. */
export function useReports(live: boolean) {
  return useQuery(reportsQueryOptions(live));
}
