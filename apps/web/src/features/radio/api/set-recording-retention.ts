import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setRecordingRetention } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKeys } from './keys';

export function putRecordingRetention(days: number) {
  return apiCall(setRecordingRetention, { body: { days } });
}

export function useSetRecordingRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putRecordingRetention,
    onSuccess: (retention) => queryClient.setQueryData(radioKeys.retention, retention),
  });
}
