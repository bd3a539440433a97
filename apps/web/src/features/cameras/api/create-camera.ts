import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateCameraBody, createCamera } from '@vigie/contract/cameras.contract';
import { apiCall } from '../../../lib/api-client';
import { camerasKey } from './keys';

export function postCamera(body: CreateCameraBody) {
  return apiCall(createCamera, { body });
}

export function useCreateCamera() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCamera,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: camerasKey }),
  });
}
