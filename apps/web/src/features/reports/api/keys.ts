/** Root of every reports query key: the real-time sync refreshes it on 'report.changed'. */
export const reportsKey = ['reports'] as const;

export const reportsKeys = {
  /** The recent reports: generating or deleting one refreshes them. */
  list: [...reportsKey, 'list'] as const,
  statistics: <Q extends object>(query: Q) => [...reportsKey, 'statistics', query] as const,
  sites: [...reportsKey, 'sites'] as const,
  schedules: [...reportsKey, 'schedules'] as const,
};
