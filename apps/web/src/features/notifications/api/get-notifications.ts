import { queryOptions, useQuery } from '@tanstack/react-query';
import { listNotifications } from '@vigie/contract/notifications.contract';
import { apiList } from '../../../lib/api-client';
import { notificationsKeys } from './keys';

/** Polling is only the fallback: 'notification.created' events refresh the bell at once. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** How many unread notifications the bell lists (the count comes from unread-count). */
export const UNREAD_SHOWN = 10;

export function getUnreadNotifications(signal?: AbortSignal) {
  return apiList(listNotifications, { signal, query: { unread: 'true', limit: UNREAD_SHOWN } });
}

export function unreadNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsKeys.unread,
    queryFn: ({ signal }) => getUnreadNotifications(signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
}

/** The signed-in user's latest unread notifications (newest first). */
export function useUnreadNotifications(options: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadNotificationsQueryOptions(), ...options });
}
