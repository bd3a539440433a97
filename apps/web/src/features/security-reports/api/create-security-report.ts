import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createSecurityReport,
  type createSecurityReportBody,
} from '@vigie/contract/security-reports.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { securityReportsKey } from './keys';

export type CreateSecurityReportInput = z.input<typeof createSecurityReportBody>;

export function postSecurityReport(body: CreateSecurityReportInput) {
  return apiCall(createSecurityReport, { body });
}

export function useCreateSecurityReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSecurityReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityReportsKey }),
  });
}
