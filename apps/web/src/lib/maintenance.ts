import { useSyncExternalStore } from 'react';

// Maintenance mode (Paramètres · Système): the server answers 503 with a French detail that starts
// with this text. One full-page screen replaces the app until it ends, instead of a toast per call.

const MAINTENANCE_PREFIX = 'Vigie est en maintenance';

/** The detail of an answer refused because the company is in maintenance mode. */
export function isMaintenanceDetail(status: number, detail: unknown, code?: string): detail is string {
  // The code says it in any language; the French opening words, for an answer without a code.
  return (
    status === 503 &&
    typeof detail === 'string' &&
    (code === 'auth.maintenance' || detail.startsWith(MAINTENANCE_PREFIX))
  );
}

let message: string | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** The server said it is in maintenance: show the maintenance screen with its text. */
export function reportMaintenance(detail: string) {
  if (message === detail) return;
  message = detail;
  emit();
}

/** 'Réessayer' worked (or the user goes back to the login form). */
export function clearMaintenance() {
  if (message === null) return;
  message = null;
  emit();
}

export function getMaintenance(): string | null {
  return message;
}

export function useMaintenance(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getMaintenance,
    getMaintenance,
  );
}
