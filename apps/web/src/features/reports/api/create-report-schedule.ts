import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createReportSchedule, type createReportScheduleBody } from '@vigie/contract/reports.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { reportsKeys } from './keys';

export type CreateScheduleInput = z.input<typeof createReportScheduleBody>;

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScheduleInput) => apiCall(createReportSchedule, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.schedules }),
  });
}
