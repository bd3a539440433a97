import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateSecuritySettings, type updateSecuritySettingsBody } from '@vigie/contract/settings.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';
import { refreshSession } from './refresh-session';

export type UpdateSecurityInput = z.input<typeof updateSecuritySettingsBody>;

export function putSecuritySettings(body: UpdateSecurityInput) {
  return apiCall(updateSecuritySettings, { body });
}

/**
 * Saves the company's security; the session follows (its auto-logout, and the administrator's own
 * two-factor enrolment when it becomes required). A 409 means the allowlist would exclude the
 * administrator's own address: ask, then send again with `confirmSelfExclusion`.
 */
export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSecuritySettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.security, saved);
      await refreshSession();
    },
  });
}
