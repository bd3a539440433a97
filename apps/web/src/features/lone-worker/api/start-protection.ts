import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LoneWorkerPositionInput, startLoneWorker } from '@vigie/contract/lone-worker.contract';
import { apiCall } from '../../../lib/api-client';
import { loneWorkerKey, loneWorkerKeys } from './keys';

export function useStartProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { intervalMinutes: number; position: LoneWorkerPositionInput | null }) =>
      apiCall(startLoneWorker, { body }),
    onSuccess: (session) => {
      queryClient.setQueryData(loneWorkerKeys.current, { session });
      void queryClient.invalidateQueries({ queryKey: loneWorkerKey });
    },
  });
}
