/**
 * Root of every access-control query key: mutations invalidate it, and so does the real-time
 * sync ('access.logged', 'access.changed'): logs, badges, points and keys move together.
 */
export const accessKey = ['access'] as const;

/** Unset filters are left out of the filters given here, so equal filters share one query. */
export const accessKeys = {
  logs: <F extends object>(filters: F) => [...accessKey, 'logs', filters] as const,
  badges: <F extends object>(filters: F) => [...accessKey, 'badges', 'list', filters] as const,
  badgeQr: (id: string) => [...accessKey, 'badges', id, 'qr'] as const,
  points: [...accessKey, 'points', 'list'] as const,
  pointKeys: (pointId: string) => [...accessKey, 'points', pointId, 'keys'] as const,
  sites: [...accessKey, 'sites'] as const,
};
