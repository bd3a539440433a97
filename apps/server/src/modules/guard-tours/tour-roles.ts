// Guard tours: who manages tours (administrators and operators) and who only reads them and walks
// their rounds (agents).
import type { AuthContext } from '../../plugins/auth';
import { tourErrors as errors } from './guard-tours.errors';

export const isManager = (auth: AuthContext) => auth.role !== 'agent';
export const requireManager = (auth: AuthContext) => {
  if (!isManager(auth)) throw errors.readOnly();
};
