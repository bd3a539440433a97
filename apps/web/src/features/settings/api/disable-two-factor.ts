import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disableTwoFactor } from '@vigie/contract/me.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export type DisableTwoFactorInput = { code: string } | { recoveryCode: string };

export function postTwoFactorDisable(body: DisableTwoFactorInput) {
  return apiCall(disableTwoFactor, { body });
}

/** Turns two-factor sign-in off with a current code (or a recovery code). */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTwoFactorDisable,
    onSuccess: (status) => queryClient.setQueryData(settingsKeys.twoFactor, status),
  });
}
