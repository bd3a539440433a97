import { clearSession, getSession, updateProfile } from '../lib/session';

/**
 * Spec section 4: a stored token and user are used at once, then confirmed with GET /api/auth/me;
 * on any failure both are cleared. Loaded on demand: visitors without a session never need it.
 */
export function bootstrapSession() {
  if (getSession().status !== 'loading') return;
  import('../features/auth/api/get-me')
    .then(({ getMe }) => getMe())
    .then(({ user, company }) => updateProfile(user, company))
    .catch(() => clearSession());
}
