import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateAgentBody, updateAgent } from '@vigie/contract/agents.contract';
import { apiCall } from '../../../lib/api-client';
import { planningKey } from '../../../lib/query-keys';

export function patchAgent({ id, body }: { id: string; body: UpdateAgentBody }) {
  return apiCall(updateAgent, { params: { id }, body });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}
