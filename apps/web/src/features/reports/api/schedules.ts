import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createReportSchedule,
  type createReportScheduleBody,
  deleteReportSchedule,
  listReportSchedules,
} from '@vigie/contract/reports.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { reportsKey } from './reports-key';

const schedulesKey = [...reportsKey, 'schedules'] as const;

export type CreateScheduleInput = z.input<typeof createReportScheduleBody>;

export function useReportSchedules() {
  return useQuery({
    queryKey: schedulesKey,
    queryFn: ({ signal }) => apiCall(listReportSchedules, { signal }),
  });
}

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScheduleInput) => apiCall(createReportSchedule, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey }),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(deleteReportSchedule, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey }),
  });
}
