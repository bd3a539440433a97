import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateAgentBody, updateAgent } from '@vigie/contract/agents.contract';
import { planningKey } from '../../../lib/agents-api';
import { apiCall } from '../../../lib/api-client';

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
