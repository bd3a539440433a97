import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteReportSchedule } from '@vigie/contract/reports.contract';
import { apiCall } from '../../../lib/api-client';
import { reportsKeys } from './keys';

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(deleteReportSchedule, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.schedules }),
  });
}
