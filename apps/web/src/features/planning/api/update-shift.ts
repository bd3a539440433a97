import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateShiftBody, updateShift } from '@vigie/contract/planning.contract';
import { apiCall } from '../../../lib/api-client';
import { planningKey } from '../../../lib/query-keys';

export function patchShift({ id, body }: { id: string; body: UpdateShiftBody }) {
  return apiCall(updateShift, { params: { id }, body });
}

export function useUpdateShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchShift,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}
