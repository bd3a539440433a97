import { queryOptions, useQuery } from '@tanstack/react-query';
import { getNotificationSettings } from '@vigie/contract/notifications.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function fetchNotificationSettings(signal?: AbortSignal) {
  return apiCall(getNotificationSettings, { signal });
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.notifications,
    queryFn: ({ signal }) => fetchNotificationSettings(signal),
  });
}

/** The user's channels (e-mail, SMS, push) and alert filters. */
export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
