import { useMutation, useQueryClient } from '@tanstack/react-query';
import { regenerateBadgeQr } from '@vigie/contract/access.contract';
import { apiCall } from '../../../lib/api-client';
import { accessKey } from './keys';

export function postRegenerateBadgeQr(id: string) {
  return apiCall(regenerateBadgeQr, { params: { id } });
}

/** A new version of the QR code: readers refuse the old one at once ('code QR révoqué'). */
export function useRegenerateBadgeQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRegenerateBadgeQr,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
