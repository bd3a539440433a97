import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listLoneWorkerAlerts } from '@vigie/contract/lone-worker.contract';
import { apiCall } from '../../../lib/api-client';
import { useRealtimeLive } from '../../../lib/use-realtime-live';
import { loneWorkerKeys } from './keys';

/** The control room's active alerts: pushed by the event stream, polled while it is down. */
export function useActiveLoneWorkerAlerts(enabled: boolean) {
  const live = useRealtimeLive();
  return useQuery({
    queryKey: loneWorkerKeys.activeAlerts,
    queryFn: ({ signal }) =>
      apiCall(listLoneWorkerAlerts, { signal, query: { status: 'active', limit: 50 } }),
    enabled,
    refetchInterval: live ? 60_000 : 10_000,
    placeholderData: keepPreviousData,
  });
}
