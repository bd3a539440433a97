import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokePointKey } from '@vigie/contract/access.contract';
import { apiCall } from '../../../lib/api-client';
import { accessKey } from './keys';

export function removePointKey({ pointId, keyId }: { pointId: string; keyId: string }) {
  return apiCall(revokePointKey, { params: { id: pointId, keyId } });
}

/** The reader using this key is refused from the next request on. */
export function useRevokePointKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePointKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
