import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putAgentPhoto } from '@vigie/contract/agents.contract';
import { apiCall } from '../../../lib/api-client';
import { planningKey } from '../../../lib/query-keys';

/** `data`: the image's bytes in base64, without the `data:…;base64,` prefix. */
export function uploadAgentPhoto({ id, data }: { id: string; data: string }) {
  return apiCall(putAgentPhoto, { params: { id }, body: { data } });
}

export function usePutAgentPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAgentPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}
