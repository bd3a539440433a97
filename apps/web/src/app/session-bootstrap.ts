import { getMe } from '../features/auth/api/get-me';
import { clearSession, getSession, updateProfile } from '../lib/session';

/**
 * Spec section 4: a stored token and user are used at once, then confirmed with GET /api/auth/me;
 * on any failure both are cleared.
 */
export function bootstrapSession() {
  if (getSession().status !== 'loading') return;
  getMe()
    .then(({ user, company }) => updateProfile(user, company))
    .catch(() => clearSession());
}
