import { useMutation } from '@tanstack/react-query';
import { startTwoFactor } from '@vigie/contract/me.contract';
import { apiCall } from '../../../lib/api-client';

export function postTwoFactorSetup() {
  return apiCall(startTwoFactor);
}

/** A new secret and its QR code (nothing is on until a first code is confirmed). */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: postTwoFactorSetup });
}
