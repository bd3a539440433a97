import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putLogo } from '@vigie/contract/settings.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** `image`: the file as a data: URL (PNG or JPEG, 2 MB at most). */
export function uploadLogo(image: string) {
  return apiCall(putLogo, { body: { image } });
}

export function usePutLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.identity, saved);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.logo });
    },
  });
}
