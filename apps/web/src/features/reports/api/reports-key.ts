/**
 * Root of every reports query key: the real-time sync refreshes it on 'report.changed'. In a file
 * of its own so that the dashboard shell, which imports it, does not pull the contract in.
 */
export const reportsKey = ['reports'] as const;
