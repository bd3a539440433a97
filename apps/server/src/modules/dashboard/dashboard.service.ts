import type { Database } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import type { ReceiverInfo } from '../panels/receiver-state';
import { toOverview } from './dashboard.models';
import { readOverview } from './dashboard.repository';

/** Open to every signed-in user, whatever the role; "this month" and "today" are in the user's timezone. */
export async function getOverview(db: Database, auth: AuthContext, receiver: ReceiverInfo) {
  const row = await readOverview(db, auth.companyId, auth.user.timezone);
  return toOverview(row, receiver);
}
