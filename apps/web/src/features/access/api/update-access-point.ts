import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAccessPoint, type updateAccessPointBody } from '@vigie/contract/access.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { accessKey } from './keys';

export type UpdateAccessPointInput = z.input<typeof updateAccessPointBody>;

export function patchAccessPoint({ id, body }: { id: string; body: UpdateAccessPointInput }) {
  return apiCall(updateAccessPoint, { params: { id }, body });
}

export function useUpdateAccessPoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchAccessPoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
