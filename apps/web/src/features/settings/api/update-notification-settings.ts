import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type NotificationSettings,
  updateNotificationSettings,
} from '@vigie/contract/notifications.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function putNotificationSettings(body: NotificationSettings) {
  return apiCall(updateNotificationSettings, { body });
}

/** Saves the six switches (one changed, the others as they are). */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.notifications, saved),
  });
}
