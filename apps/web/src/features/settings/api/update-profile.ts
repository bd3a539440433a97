import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateProfile, type updateProfileBody } from '@vigie/contract/me.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';
import { refreshSession } from './refresh-session';

export type UpdateProfileInput = z.input<typeof updateProfileBody>;

export function patchProfile(body: UpdateProfileInput) {
  return apiCall(updateProfile, { body });
}

/** Saves the profile; the session's user (top bar, dates in the new timezone) follows. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(settingsKeys.profile, profile);
      await refreshSession();
    },
  });
}
