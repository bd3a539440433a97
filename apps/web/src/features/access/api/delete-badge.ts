import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteBadge } from '@vigie/contract/access.contract';
import { apiCall } from '../../../lib/api-client';
import { accessKey } from './keys';

export function removeBadge(id: string) {
  return apiCall(deleteBadge, { params: { id } });
}

/** The badge goes; its lines in the access log stay (names are copied there). */
export function useDeleteBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBadge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
