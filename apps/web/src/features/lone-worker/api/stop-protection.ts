import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stopLoneWorker } from '@vigie/contract/lone-worker.contract';
import { apiCall } from '../../../lib/api-client';
import { loneWorkerKey, loneWorkerKeys } from './keys';

export function useStopProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(stopLoneWorker, { params: { id } }),
    onSettled: () => {
      queryClient.setQueryData(loneWorkerKeys.current, { session: null });
      void queryClient.invalidateQueries({ queryKey: loneWorkerKey });
    },
  });
}
