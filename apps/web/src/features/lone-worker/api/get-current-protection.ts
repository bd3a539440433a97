import { useQuery } from '@tanstack/react-query';
import { getCurrentLoneWorker } from '@vigie/contract/lone-worker.contract';
import { apiCall } from '../../../lib/api-client';
import { loneWorkerKeys } from './keys';

/** The agent's protection running now (null when off); re-read every 30 s while it runs. */
export function useCurrentProtection(enabled = true) {
  return useQuery({
    queryKey: loneWorkerKeys.current,
    queryFn: ({ signal }) => apiCall(getCurrentLoneWorker, { signal }),
    enabled,
    refetchInterval: (q) => (q.state.data?.session ? 30_000 : false),
  });
}
