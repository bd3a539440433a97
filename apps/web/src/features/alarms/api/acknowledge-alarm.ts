import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgeAlarm } from '@vigie/contract/alarms.contract';
import { apiCall } from '../../../lib/api-client';
import { alarmsKey, alarmsKeys } from './keys';

export function postAcknowledge(id: string) {
  return apiCall(acknowledgeAlarm, { params: { id } });
}

export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAcknowledge,
    onSuccess: (alarm) => {
      queryClient.setQueryData(alarmsKeys.detail(alarm.id), alarm);
      return queryClient.invalidateQueries({ queryKey: alarmsKey });
    },
    // A 409 means another operator got there first: show the alarm as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: alarmsKey }),
  });
}
