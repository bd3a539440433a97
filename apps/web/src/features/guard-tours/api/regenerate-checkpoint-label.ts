import { useMutation, useQueryClient } from '@tanstack/react-query';
import { regenerateCheckpointLabel } from '@vigie/contract/guard-tours.contract';
import { apiCall } from '../../../lib/api-client';
import { guardToursKey } from '../../../lib/query-keys';

/** A checkpoint's new label: the printed one is refused from now on (the answer is the tour). */
export function useRegenerateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { tourId: string; checkpointId: string }) =>
      apiCall(regenerateCheckpointLabel, { params: { id: v.tourId, checkpointId: v.checkpointId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardToursKey }),
  });
}
