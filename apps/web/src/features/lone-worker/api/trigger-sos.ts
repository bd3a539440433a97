import { useMutation } from '@tanstack/react-query';
import { type LoneWorkerPositionInput, triggerLoneWorkerSos } from '@vigie/contract/lone-worker.contract';
import { apiCall } from '../../../lib/api-client';

export function useSos() {
  return useMutation({
    mutationFn: (position: LoneWorkerPositionInput | null) =>
      apiCall(triggerLoneWorkerSos, { body: { position } }),
  });
}
