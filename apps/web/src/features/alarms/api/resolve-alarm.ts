import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resolveAlarm } from '@vigie/contract/alarms.contract';
import { apiCall } from '../../../lib/api-client';
import { alarmsKey, alarmsKeys } from './keys';

export function postResolve({ id, note }: { id: string; note: string }) {
  return apiCall(resolveAlarm, { params: { id }, body: { note } });
}

export function useResolveAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postResolve,
    onSuccess: (alarm) => {
      queryClient.setQueryData(alarmsKeys.detail(alarm.id), alarm);
      return queryClient.invalidateQueries({ queryKey: alarmsKey });
    },
    // A 409 means another operator got there first: show the alarm as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: alarmsKey }),
  });
}
