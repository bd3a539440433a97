/**
 * Root of every access-control query key: mutations invalidate it, and so does the real-time
 * sync ('access.logged', 'access.changed'): logs, badges, points and keys move together. In a
 * file of its own so that the dashboard shell, which imports it, does not pull the contract in.
 */
export const accessKey = ['access'] as const;
