import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateSiteBody, createSite } from '@vigie/contract/sites.contract';
import { apiCall } from '../../../lib/api-client';
import { sitesKey, sitesKeys } from './keys';

export function postSite(body: CreateSiteBody) {
  return apiCall(createSite, { body });
}

export function useCreateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sitesKey }),
        queryClient.invalidateQueries({ queryKey: sitesKeys.options }),
      ]),
  });
}
