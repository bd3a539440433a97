import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clockOut } from '@vigie/contract/planning.contract';
import { planningKey } from '../../../../lib/agents-api';
import { apiCall } from '../../../../lib/api-client';
import type { PositionFix } from '../geolocation';

export function postClockOut({ shiftId, position }: { shiftId: string; position: PositionFix }) {
  return apiCall(clockOut, { params: { id: shiftId }, body: position });
}

/** 'Terminer mon service': refused (422/403/409) with the server's French reason. */
export function useClockOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postClockOut,
    onSettled: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}
