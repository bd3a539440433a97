import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clockIn } from '@vigie/contract/planning.contract';
import { planningKey } from '../../../../lib/agents-api';
import { apiCall } from '../../../../lib/api-client';
import type { PositionFix } from '../geolocation';

export function postClockIn({ shiftId, position }: { shiftId: string; position: PositionFix }) {
  return apiCall(clockIn, { params: { id: shiftId }, body: position });
}

/** 'Prendre mon service': refused (422/403/409) with the server's French reason. */
export function useClockIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postClockIn,
    // Success or refusal, the shift may have moved (started elsewhere, cancelled): reload it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}
