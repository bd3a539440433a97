import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAccessPoint } from '@vigie/contract/access.contract';
import { apiCall } from '../../../lib/api-client';
import { accessKey } from './keys';

export function removeAccessPoint(id: string) {
  return apiCall(deleteAccessPoint, { params: { id } });
}

/** The point goes and its reader keys are revoked; its lines in the access log stay. */
export function useDeleteAccessPoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAccessPoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
