import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateIdentitySettings, type updateIdentitySettingsBody } from '@vigie/contract/settings.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export type UpdateIdentityInput = z.input<typeof updateIdentitySettingsBody>;

export function putIdentitySettings(body: UpdateIdentityInput) {
  return apiCall(updateIdentitySettings, { body });
}

export function useUpdateIdentitySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putIdentitySettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.identity, saved),
  });
}
