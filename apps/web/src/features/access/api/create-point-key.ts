import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createPointKey } from '@vigie/contract/access.contract';
import { apiCall } from '../../../lib/api-client';
import { accessKey } from './keys';

export function postPointKey({ pointId, name }: { pointId: string; name: string }) {
  return apiCall(createPointKey, { params: { id: pointId }, body: { name } });
}

/** Answers the key in clear, once: only its hash is kept on the server. */
export function useCreatePointKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPointKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
