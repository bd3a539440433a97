import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteCamera } from '@vigie/contract/cameras.contract';
import { apiCall } from '../../../lib/api-client';
import { camerasKey } from './keys';

export function removeCamera(id: string) {
  return apiCall(deleteCamera, { params: { id } });
}

export function useDeleteCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCamera,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: camerasKey }),
  });
}
