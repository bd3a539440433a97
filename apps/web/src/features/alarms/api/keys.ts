/** Root of every alarms query key: mutations and real-time events invalidate it. */
export const alarmsKey = ['alarms'] as const;

export const alarmsKeys = {
  /** Unset filters are left out of `filters`, so equal filters share one query. */
  list: <F extends object>(filters: F) => [...alarmsKey, 'list', filters] as const,
  count: (status: string) => [...alarmsKey, 'count', status] as const,
  /** The top bar's bell: the latest unacknowledged alarms. */
  active: [...alarmsKey, 'active'] as const,
  /** One alarm with its timeline; the mutations' answers seed it. */
  detail: (id: string) => [...alarmsKey, 'detail', id] as const,
};
