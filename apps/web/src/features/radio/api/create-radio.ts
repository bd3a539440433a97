import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createRadio, type createRadioBody } from '@vigie/contract/radio.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { radioKey } from './keys';

export type CreateRadioInput = z.input<typeof createRadioBody>;

export function postRadio(body: CreateRadioInput) {
  return apiCall(createRadio, { body });
}

export function useCreateRadio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRadio,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: radioKey }),
  });
}
