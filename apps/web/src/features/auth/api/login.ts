// Loaded on demand by the login page (on first submit): the contract's schemas pull in zod,
// which the page's first load must not pay for (login budget: 120 KB gzipped).
import '@vigie/contract/locale';
import {
  type LoginBody,
  type LoginResponse,
  login,
  loginBody,
  loginSecondStep,
  loginSecondStepBody,
} from '@vigie/contract/auth.contract';
import type { z } from 'zod';
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

/** The password was right and the account has two-factor sign-in: a code comes next. */
export type TwoFactorPending = { challenge: string; expiresAt: string };

export type LoginOutcome =
  | { kind: 'signed-in'; session: LoginResponse }
  | ({ kind: 'two-factor' } & TwoFactorPending);

function open(session: LoginResponse): LoginOutcome {
  startSession(session.access_token, session.user, session.company, session.restriction);
  return { kind: 'signed-in', session };
}

/** POST /api/auth/login: opens the session, or asks for the two-factor code. */
export async function postLogin(body: LoginBody): Promise<LoginOutcome> {
  // A 401 here means bad credentials, shown on the form; it must not trigger the global logout.
  const data = await apiCall(login, { body, ignoreUnauthorized: true });
  if ('twoFactorRequired' in data) {
    return { kind: 'two-factor', challenge: data.challenge, expiresAt: data.expires_at };
  }
  return open(data);
}

export type SecondStepBody = z.input<typeof loginSecondStepBody>;

/** The code (or recovery code) checked by the contract's rules before it is sent. */
export function validateSecondStep(body: SecondStepBody): Validation<SecondStepBody> {
  const result = loginSecondStepBody.safeParse(body);
  return result.success
    ? { ok: true, data: body }
    : { ok: false, errors: toFieldErrors(result.error.issues) };
}

/** POST /api/auth/login/2fa, then opens the session like a normal login. */
export async function postLoginSecondStep(body: SecondStepBody): Promise<LoginOutcome> {
  // 401: a wrong code or an expired challenge, shown on the form.
  return open(await apiCall(loginSecondStep, { body, ignoreUnauthorized: true }));
}
