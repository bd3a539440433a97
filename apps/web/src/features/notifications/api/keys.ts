/** Root of every notifications query key: mutations and the real-time sync invalidate it. */
export const notificationsKey = ['notifications'] as const;

export const notificationsKeys = {
  /** The bell's latest unread notifications. */
  unread: [...notificationsKey, 'list', { unread: true }] as const,
  unreadCount: [...notificationsKey, 'unread-count'] as const,
};
