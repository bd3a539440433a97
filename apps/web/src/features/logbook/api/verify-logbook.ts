import { useMutation } from '@tanstack/react-query';
import { verifyLogbook } from '@vigie/contract/logbook.contract';
import { apiCall } from '../../../lib/api-client';

export function useVerifyLogbook() {
  return useMutation({
    mutationFn: (siteId: string) => apiCall(verifyLogbook, { query: { siteId } }),
  });
}
