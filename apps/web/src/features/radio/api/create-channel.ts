import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createChannel, type createChannelBody } from '@vigie/contract/radio.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { radioKey } from './keys';

export type CreateChannelInput = z.input<typeof createChannelBody>;

export function postChannel(body: CreateChannelInput) {
  return apiCall(createChannel, { body });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: radioKey }),
  });
}
