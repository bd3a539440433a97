import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeRadioKey } from '@vigie/contract/radio.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKeys } from './keys';

export function removeRadioKey(keyId: string) {
  return apiCall(revokeRadioKey, { params: { keyId } });
}

/** The gateway using this key is refused from its next request on. */
export function useRevokeRadioKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRadioKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: radioKeys.keys }),
  });
}
