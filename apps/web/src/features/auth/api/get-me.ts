import { me } from '@vigie/contract/auth.contract';
import { apiCall } from '../../../lib/api-client';

/** Current profile (user + company), used to confirm a stored session at start-up. */
export function getMe(signal?: AbortSignal) {
  return apiCall(me, { signal });
}
