import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateAgentBody, createAgent } from '@vigie/contract/agents.contract';
import { planningKey } from '../../../lib/agents-api';
import { apiCall } from '../../../lib/api-client';

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
