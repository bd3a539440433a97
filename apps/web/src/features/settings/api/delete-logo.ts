import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteLogo } from '@vigie/contract/settings.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function removeLogo() {
  return apiCall(deleteLogo);
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.identity });
      queryClient.removeQueries({ queryKey: settingsKeys.logo });
    },
  });
}
