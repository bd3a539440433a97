import { isMaintenanceError } from '../lib/api-errors';
import { applyMe, clearSession, getSession } from '../lib/session';

/**
 * Spec section 4: a stored token and user are used at once, then confirmed with GET /api/auth/me;
 * on any failure both are cleared. Loaded on demand: visitors without a session never need it.
 * Maintenance mode is not a failure of the session: the maintenance screen shows, and its
 * 'Réessayer' confirms the session again.
 */
export function bootstrapSession() {
  if (getSession().status !== 'loading') return;
  import('../features/auth/api/get-me')
    .then(({ getMe }) => getMe())
    .then(applyMe)
    .catch((error: unknown) => {
      if (!isMaintenanceError(error)) clearSession();
    });
}
