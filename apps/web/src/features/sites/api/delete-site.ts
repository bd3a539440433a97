import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteSite } from '@vigie/contract/sites.contract';
import { apiCall } from '../../../lib/api-client';
import { sitesKey, sitesKeys } from './keys';

export function removeSite(id: string) {
  return apiCall(deleteSite, { params: { id } });
}

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sitesKey }),
        queryClient.invalidateQueries({ queryKey: sitesKeys.options }),
      ]),
  });
}
