import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteRadio } from '@vigie/contract/radio.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKey } from './keys';

export function removeRadio(id: string) {
  return apiCall(deleteRadio, { params: { id } });
}

/** Its communications and alerts are kept. */
export function useDeleteRadio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRadio,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: radioKey }),
  });
}
