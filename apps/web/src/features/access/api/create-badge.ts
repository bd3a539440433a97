import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createBadge, type createBadgeBody } from '@vigie/contract/access.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { accessKey } from './keys';

export type CreateBadgeInput = z.input<typeof createBadgeBody>;

export function postBadge(body: CreateBadgeInput) {
  return apiCall(createBadge, { body });
}

export function useCreateBadge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBadge,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
