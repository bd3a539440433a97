import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteChannel } from '@vigie/contract/radio.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKey } from './keys';

export function removeChannel(id: string) {
  return apiCall(deleteChannel, { params: { id } });
}

/** The history of its communications is kept. */
export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: radioKey }),
  });
}
