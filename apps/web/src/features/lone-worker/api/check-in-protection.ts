import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkInLoneWorker, type LoneWorkerPositionInput } from '@vigie/contract/lone-worker.contract';
import { apiCall } from '../../../lib/api-client';
import { loneWorkerKey, loneWorkerKeys } from './keys';

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; position: LoneWorkerPositionInput | null }) =>
      apiCall(checkInLoneWorker, { params: { id: v.id }, body: { position: v.position } }),
    onSuccess: (session) => {
      queryClient.setQueryData(loneWorkerKeys.current, { session });
      void queryClient.invalidateQueries({ queryKey: loneWorkerKey });
    },
    // A protection ended meanwhile (shift over): read what the server holds.
    onError: () => queryClient.invalidateQueries({ queryKey: loneWorkerKey }),
  });
}
