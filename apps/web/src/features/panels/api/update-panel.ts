import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdatePanelBody, updatePanel } from '@vigie/contract/panels.contract';
import { apiCall } from '../../../lib/api-client';
import { panelsKey } from './keys';

export function patchPanel({ id, body }: { id: string; body: UpdatePanelBody }) {
  return apiCall(updatePanel, { params: { id }, body });
}

export function useUpdatePanel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchPanel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelsKey }),
  });
}
