import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteSecurityReport } from '@vigie/contract/security-reports.contract';
import { apiCall } from '../../../lib/api-client';
import { securityReportsKey } from './keys';

export function removeSecurityReport(id: string) {
  return apiCall(deleteSecurityReport, { params: { id } });
}

export function useDeleteSecurityReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSecurityReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityReportsKey }),
  });
}
