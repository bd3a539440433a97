import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateSiteBody, updateSite } from '@vigie/contract/sites.contract';
import { apiCall } from '../../../lib/api-client';
import { sitesKey, sitesKeys } from './keys';

export function patchSite({ id, body }: { id: string; body: UpdateSiteBody }) {
  return apiCall(updateSite, { params: { id }, body });
}

export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchSite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sitesKey }),
        queryClient.invalidateQueries({ queryKey: sitesKeys.options }),
      ]),
  });
}
