import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createTour,
  type createTourBody,
  updateTour,
  type updateTourBody,
} from '@vigie/contract/guard-tours.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { guardToursKey } from '../../../lib/query-keys';

export type TourInput = z.input<typeof createTourBody>;
export type TourUpdate = z.input<typeof updateTourBody>;

/** Creates a tour (`id` null) or updates it: the tour form does both. */
export function useSaveTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string | null; body: TourInput }) =>
      v.id
        ? apiCall(updateTour, { params: { id: v.id }, body: v.body })
        : apiCall(createTour, { body: v.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardToursKey }),
  });
}
