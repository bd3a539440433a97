import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readNotification } from '@vigie/contract/notifications.contract';
import { apiCall } from '../../../lib/api-client';
import { notificationsKey } from './keys';

export function postReadNotification(id: string) {
  return apiCall(readNotification, { params: { id } });
}

export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReadNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
