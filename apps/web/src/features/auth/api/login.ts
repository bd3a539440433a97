// Loaded on demand by the login page (on first submit): the contract's schemas pull in zod,
// which the page's first load must not pay for (login budget: 120 KB gzipped).
import '@vigie/contract/locale';
import { type LoginBody, login, loginBody } from '@vigie/contract/auth.contract';
import { apiCall } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { toFieldErrors, type Validation } from './field-errors';

export type LoginForm = { email: string; password: string };

/** The contract's validation, with French messages per field ('email', 'password'). */
export function validateLogin(values: LoginForm): Validation<LoginBody> {
  const result = loginBody.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: toFieldErrors(result.error.issues) };
}

/** POST /api/auth/login, then opens the session. */
export async function postLogin(body: LoginBody) {
  // A 401 here means bad credentials, shown on the form; it must not trigger the global logout.
  const data = await apiCall(login, { body, ignoreUnauthorized: true });
  startSession(data.access_token, data.user, data.company);
  return data;
}
