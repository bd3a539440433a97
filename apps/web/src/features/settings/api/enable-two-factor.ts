import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enableTwoFactor } from '@vigie/contract/me.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function postTwoFactorEnable(code: string) {
  return apiCall(enableTwoFactor, { body: { code } });
}

/** The first code turns two-factor sign-in on and answers the 10 recovery codes, shown once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTwoFactorEnable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.twoFactor }),
  });
}
