import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getSiteInstructions,
  type PutSiteInstructionsBody,
  putSiteInstructions,
} from '@vigie/contract/site-instructions.contract';
import { apiCall } from '../../../lib/api-client';
import { sitesKeys } from './keys';

export function useSiteInstructions(siteId: string) {
  return useQuery({
    queryKey: sitesKeys.instructions(siteId),
    queryFn: ({ signal }) => apiCall(getSiteInstructions, { params: { id: siteId }, signal }),
  });
}

export function useSaveSiteInstructions(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutSiteInstructionsBody) =>
      apiCall(putSiteInstructions, { params: { id: siteId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(sitesKeys.instructions(siteId), saved),
  });
}
