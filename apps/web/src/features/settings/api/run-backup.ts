import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runBackup } from '@vigie/contract/settings.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function postBackup() {
  return apiCall(runBackup);
}

/** 'Sauvegarder maintenant': answers once the backup is written. */
export function useRunBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.backups }),
  });
}
