import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateSystemSettings, type updateSystemSettingsBody } from '@vigie/contract/settings.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export type UpdateSystemInput = z.input<typeof updateSystemSettingsBody>;

export function putSystemSettings(body: UpdateSystemInput) {
  return apiCall(updateSystemSettings, { body });
}

export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putSystemSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.system, saved);
      // The backup schedule may have changed what is kept.
      void queryClient.invalidateQueries({ queryKey: settingsKeys.backups });
    },
  });
}
