import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteShift } from '@vigie/contract/planning.contract';
import { apiCall } from '../../../lib/api-client';
import { planningKey } from '../../../lib/query-keys';

export function removeShift(id: string) {
  return apiCall(deleteShift, { params: { id } });
}

/** Only a programmed shift that never started (one created by mistake); otherwise cancel it. */
export function useDeleteShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeShift,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}
