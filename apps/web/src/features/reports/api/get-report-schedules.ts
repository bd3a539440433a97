import { useQuery } from '@tanstack/react-query';
import { listReportSchedules } from '@vigie/contract/reports.contract';
import { apiCall } from '../../../lib/api-client';
import { reportsKeys } from './keys';

export function useReportSchedules() {
  return useQuery({
    queryKey: reportsKeys.schedules,
    queryFn: ({ signal }) => apiCall(listReportSchedules, { signal }),
  });
}
