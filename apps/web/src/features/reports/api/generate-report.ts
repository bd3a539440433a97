import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generateReport, type generateReportBody } from '@vigie/contract/reports.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { reportsKeys } from './keys';

export type GenerateReportInput = z.input<typeof generateReportBody>;

export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateReportInput) => apiCall(generateReport, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.list }),
  });
}
