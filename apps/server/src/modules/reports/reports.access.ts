// Reports show the whole company's activity: administrators and operators only (agents work in
// the field and have their own space).
import type { AuthContext } from '../../plugins/auth';
import { reportsErrors } from './reports.errors';

export const requireManager = (auth: AuthContext) => {
  if (auth.role === 'agent') throw reportsErrors.readOnly();
};
