import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeIntegrationKey } from '@vigie/contract/integrations.contract';
import { apiCall } from '../../../lib/api-client';
import { integrationsKey } from './keys';

export function deleteIntegrationKey(id: string) {
  return apiCall(revokeIntegrationKey, { params: { id } });
}

export function useRevokeIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIntegrationKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationsKey }),
  });
}
