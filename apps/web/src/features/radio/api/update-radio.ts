import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateRadio, type updateRadioBody } from '@vigie/contract/radio.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { radioKey } from './keys';

export type UpdateRadioInput = { id: string; body: z.input<typeof updateRadioBody> };

export function patchRadio({ id, body }: UpdateRadioInput) {
  return apiCall(updateRadio, { params: { id }, body });
}

/** Assign or unassign the agent, change the status or the channel. */
export function useUpdateRadio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchRadio,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: radioKey }),
  });
}
