import { useMutation } from '@tanstack/react-query';
import { changePassword, type changePasswordBody } from '@vigie/contract/me.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

export type ChangePasswordInput = z.input<typeof changePasswordBody>;

export function postPassword(body: ChangePasswordInput) {
  return apiCall(changePassword, { body });
}

/** New password (8+ characters, not a common one); the user's other sessions are ended. */
export function useChangePassword() {
  return useMutation({ mutationFn: postPassword });
}
