import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelShift } from '@vigie/contract/planning.contract';
import { apiCall } from '../../../lib/api-client';
import { planningKey } from '../../../lib/query-keys';

export function postCancelShift({ id, reason }: { id: string; reason?: string }) {
  return apiCall(cancelShift, { params: { id }, body: reason ? { reason } : {} });
}

export function useCancelShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCancelShift,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}
