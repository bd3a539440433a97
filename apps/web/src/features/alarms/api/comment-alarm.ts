import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentAlarm } from '@vigie/contract/alarms.contract';
import { apiCall } from '../../../lib/api-client';
import { alarmsKey, alarmsKeys } from './keys';

export function postComment({ id, text }: { id: string; text: string }) {
  return apiCall(commentAlarm, { params: { id }, body: { text } });
}

export function useCommentAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postComment,
    onSuccess: (alarm) => {
      queryClient.setQueryData(alarmsKeys.detail(alarm.id), alarm);
      return queryClient.invalidateQueries({ queryKey: alarmsKey });
    },
  });
}
