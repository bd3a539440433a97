import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createRound, type Round, startRound } from '@vigie/contract/guard-tours.contract';
import { apiCall } from '../../../lib/api-client';
import { guardToursKey } from '../../../lib/query-keys';

/**
 * « Démarrer la ronde »: a planned round is started, or a round of a tour is created and started
 * (the random order is drawn by the server at that moment: it needs the network).
 */
export function useStartRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { roundId: string } | { tourId: string }): Promise<Round> =>
      'roundId' in target
        ? apiCall(startRound, { params: { id: target.roundId } })
        : apiCall(createRound, { params: { id: target.tourId }, body: { start: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardToursKey }),
  });
}
