import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateShiftBody, createShift } from '@vigie/contract/planning.contract';
import { planningKey } from '../../../lib/agents-api';
import { apiCall } from '../../../lib/api-client';

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
