import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationCount } from '@vigie/contract/notifications.contract';
import { apiCall } from '../../../lib/api-client';
import { NOTIFICATIONS_POLL_MS } from './get-notifications';
import { notificationsKeys } from './keys';

export function getUnreadCount(signal?: AbortSignal) {
  return apiCall(notificationCount, { signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationsKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    select: (data) => data.unread,
  });
}

/** How many notifications the signed-in user has not read yet. */
export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
