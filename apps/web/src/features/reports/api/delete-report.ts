import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteReport } from '@vigie/contract/reports.contract';
import { apiCall } from '../../../lib/api-client';
import { reportsKeys } from './keys';

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(deleteReport, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.list }),
  });
}
