import type { AuthContext } from '../../plugins/auth';
import { settingsErrors } from './settings.errors';

/** Company-wide settings, their reads included, are for administrators only. */
export function requireAdmin(auth: AuthContext) {
  if (auth.role !== 'admin') throw settingsErrors.adminOnly();
}
