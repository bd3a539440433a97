import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateBadge, type updateBadgeBody } from '@vigie/contract/access.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { accessKey } from './keys';

export type UpdateBadgeInput = z.input<typeof updateBadgeBody>;

export function patchBadge({ id, body }: { id: string; body: UpdateBadgeInput }) {
  return apiCall(updateBadge, { params: { id }, body });
}

/** Edits a badge; `{ status: 'Suspendu' | 'Actif' }` is the suspend / reactivate toggle. */
export function useUpdateBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchBadge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
