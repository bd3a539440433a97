/** Root of every lone-worker query: a `lone_worker.alert` event refreshes them. */
export const loneWorkerKey = ['lone-worker'] as const;

export const loneWorkerKeys = {
  /** The agent's protection running now: each mutation's answer replaces it. */
  current: [...loneWorkerKey, 'current'] as const,
  positions: [...loneWorkerKey, 'positions'] as const,
  activeAlerts: [...loneWorkerKey, 'alerts', 'active'] as const,
};
