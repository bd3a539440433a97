import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAccessPoint, type createAccessPointBody } from '@vigie/contract/access.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { accessKey } from './keys';

export type CreateAccessPointInput = z.input<typeof createAccessPointBody>;

export function postAccessPoint(body: CreateAccessPointInput) {
  return apiCall(createAccessPoint, { body });
}

export function useCreateAccessPoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAccessPoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
