import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateSecurityReport,
  type updateSecurityReportBody,
} from '@vigie/contract/security-reports.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { securityReportsKey } from './keys';

export type UpdateSecurityReportInput = z.input<typeof updateSecurityReportBody>;

export function patchSecurityReport(input: { id: string; body: UpdateSecurityReportInput }) {
  return apiCall(updateSecurityReport, { params: { id: input.id }, body: input.body });
}

export function useUpdateSecurityReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchSecurityReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityReportsKey }),
  });
}
