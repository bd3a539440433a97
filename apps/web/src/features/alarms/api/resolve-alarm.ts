import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type alarmDecisionBody, resolveAlarm } from '@vigie/contract/alarms.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { alarmsKey, alarmsKeys } from './keys';

export function postResolve({
  id,
  note,
  decision,
}: {
  id: string;
  note: string;
  /** The verification's decision, when the alarm's file has none yet. */
  decision?: z.input<typeof alarmDecisionBody>;
}) {
  return apiCall(resolveAlarm, { params: { id }, body: { note, decision } });
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
