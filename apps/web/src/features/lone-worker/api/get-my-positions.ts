import { useQuery } from '@tanstack/react-query';
import { listMyLoneWorkerPositions } from '@vigie/contract/lone-worker.contract';
import { apiList } from '../../../lib/api-client';
import { loneWorkerKeys } from './keys';

export function useMyPositions(enabled: boolean) {
  return useQuery({
    queryKey: loneWorkerKeys.positions,
    queryFn: ({ signal }) => apiList(listMyLoneWorkerPositions, { signal, query: { limit: 50 } }),
    enabled,
  });
}
