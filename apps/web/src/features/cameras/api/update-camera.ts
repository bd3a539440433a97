import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateCameraBody, updateCamera } from '@vigie/contract/cameras.contract';
import { apiCall } from '../../../lib/api-client';
import { camerasKey } from './keys';

export function patchCamera({ id, body }: { id: string; body: UpdateCameraBody }) {
  return apiCall(updateCamera, { params: { id }, body });
}

export function useUpdateCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchCamera,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: camerasKey }),
  });
}
