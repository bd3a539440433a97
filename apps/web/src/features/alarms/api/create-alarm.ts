import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateAlarmBody, createAlarm } from '@vigie/contract/alarms.contract';
import { apiCall } from '../../../lib/api-client';
import { alarmsKey } from './keys';

export function postAlarm(body: CreateAlarmBody) {
  return apiCall(createAlarm, { body });
}

export function useCreateAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAlarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmsKey }),
  });
}
