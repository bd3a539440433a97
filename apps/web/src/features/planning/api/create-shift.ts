import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateShiftBody, createShift } from '@vigie/contract/planning.contract';
import { apiCall } from '../../../lib/api-client';
import { planningKey } from '../../../lib/query-keys';

export function postShift(body: CreateShiftBody) {
  return apiCall(createShift, { body });
}

export function useCreateShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postShift,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}
