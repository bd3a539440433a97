import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createRadioKey } from '@vigie/contract/radio.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKeys } from './keys';

export function postRadioKey(name: string) {
  return apiCall(createRadioKey, { body: { name } });
}

/** Answers the key in clear, once: only its hash is kept on the server. */
export function useCreateRadioKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRadioKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: radioKeys.keys }),
  });
}
