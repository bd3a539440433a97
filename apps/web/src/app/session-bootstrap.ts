import { ApiError, isMaintenanceError } from '../lib/api-errors';
import { applyMe, clearSession, getSession, keepUnconfirmedSession } from '../lib/session';

/**
 * A stored token and user are used at once, then confirmed with GET /api/auth/me;
 * on any failure both are cleared. Loaded on demand: visitors without a session never need it.
 * Maintenance mode is not a failure of the session: the maintenance screen shows, and its
 * 'Réessayer' confirms the session again. Nor is a network failure (an agent's phone opening the
 * app offline): the stored session is kept unconfirmed and confirmed when the network is back.
 */
export function bootstrapSession() {
  if (getSession().status !== 'loading') return;
  import('../features/auth/api/get-me')
    .then(({ getMe }) => getMe())
    .then(applyMe)
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 0) {
        keepUnconfirmedSession();
        window.addEventListener('online', confirmLater, { once: true });
      } else if (!isMaintenanceError(error)) clearSession();
    });
}

/** Back online: the unconfirmed session is checked (a 401 ends it through the api client). */
function confirmLater() {
  if (!getSession().token) return;
  import('../features/auth/api/get-me')
    .then(({ getMe }) => getMe())
    .then(applyMe)
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 0)
        window.addEventListener('online', confirmLater, { once: true });
    });
}
