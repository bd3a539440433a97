import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreatePanelBody, createPanel } from '@vigie/contract/panels.contract';
import { apiCall } from '../../../lib/api-client';
import { panelsKey } from './keys';

export function postPanel(body: CreatePanelBody) {
  return apiCall(createPanel, { body });
}

export function useCreatePanel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPanel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelsKey }),
  });
}
