import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePanel } from '@vigie/contract/panels.contract';
import { apiCall } from '../../../lib/api-client';
import { panelsKey } from './keys';

export function removePanel(id: string) {
  return apiCall(deletePanel, { params: { id } });
}

export function useDeletePanel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePanel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelsKey }),
  });
}
