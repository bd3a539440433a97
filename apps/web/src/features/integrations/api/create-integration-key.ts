import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createIntegrationKey } from '@vigie/contract/integrations.contract';
import { apiCall } from '../../../lib/api-client';
import { integrationsKey } from './keys';

export function postIntegrationKey(name: string) {
  return apiCall(createIntegrationKey, { body: { name } });
}

/** Answers the key itself, once: only its hash is stored. */
export function useCreateIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postIntegrationKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsKey }),
  });
}
