// Loaded on demand by the registration page (on first submit): the contract's schemas pull in
// zod, which the page's first load must not pay for (registration budget: 120 KB gzipped).
import '@vigie/contract/locale';
import { type RegisterBody, register, registerBody } from '@vigie/contract/auth.contract';
import type { SubscriptionPlan } from '@vigie/contract/enums';
import { apiCall } from '../../../lib/api-client';
import { toFieldErrors, type Validation } from './field-errors';

export type RegisterForm = {
  company: { name: string; email: string; phone: string; address: string; subscription: SubscriptionPlan };
  admin: { name: string; email: string; password: string; confirmPassword: string; phone: string };
};

/** The contract's validation, with French messages per field path ('admin.confirmPassword'). */
export function validateRegister(values: RegisterForm): Validation<RegisterBody> {
  const result = registerBody.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: toFieldErrors(result.error.issues) };
}

/** POST /api/auth/register (company and its main administrator). */
export function postRegister(body: RegisterBody) {
  return apiCall(register, { body });
}
