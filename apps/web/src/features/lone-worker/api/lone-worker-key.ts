/** Root of every lone-worker query: a `lone_worker.alert` event refreshes them. */
export const loneWorkerKey = ['lone-worker'] as const;
