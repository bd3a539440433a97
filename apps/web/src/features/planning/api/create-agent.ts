import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateAgentBody, createAgent } from '@vigie/contract/agents.contract';
import { apiCall } from '../../../lib/api-client';
import { planningKey } from '../../../lib/query-keys';

export function postAgent(body: CreateAgentBody) {
  return apiCall(createAgent, { body });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKey }),
  });
}
