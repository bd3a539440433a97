import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRecordingRetention } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKeys } from './keys';

export function fetchRecordingRetention(signal?: AbortSignal) {
  return apiCall(getRecordingRetention, { signal });
}

export function recordingRetentionQueryOptions() {
  return queryOptions({
    queryKey: radioKeys.retention,
    queryFn: ({ signal }) => fetchRecordingRetention(signal),
  });
}

/** How many days the recordings are kept (6 months at most). */
export function useRecordingRetention() {
  return useQuery(recordingRetentionQueryOptions());
}
