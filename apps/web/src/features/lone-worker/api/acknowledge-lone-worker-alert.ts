import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgeLoneWorkerAlert } from '@vigie/contract/lone-worker.contract';
import { apiCall } from '../../../lib/api-client';
import { loneWorkerKey } from './keys';

export function useAcknowledgeLoneWorkerAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(acknowledgeLoneWorkerAlert, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loneWorkerKey }),
  });
}
