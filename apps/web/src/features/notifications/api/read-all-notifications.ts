import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readAllNotifications } from '@vigie/contract/notifications.contract';
import { apiCall } from '../../../lib/api-client';
import { notificationsKey } from './keys';

export function postReadAllNotifications() {
  return apiCall(readAllNotifications);
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReadAllNotifications,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
