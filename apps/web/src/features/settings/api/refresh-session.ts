import { me } from '@vigie/contract/auth.contract';
import { apiCall } from '../../../lib/api-client';
import { applyMe } from '../../../lib/session';

/**
 * After a change that the session carries (name, e-mail, timezone; the company's auto-logout or
 * two-factor rule; a restriction lifted): GET /api/auth/me again. Its failure changes nothing here.
 */
export async function refreshSession() {
  try {
    applyMe(await apiCall(me));
  } catch {
    // A 401 or a maintenance answer is handled by the api client; the rest can wait for the next call.
  }
}
