import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteTour } from '@vigie/contract/guard-tours.contract';
import { apiCall } from '../../../lib/api-client';
import { guardToursKey } from '../../../lib/query-keys';

export function useDeleteTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(deleteTour, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardToursKey }),
  });
}
