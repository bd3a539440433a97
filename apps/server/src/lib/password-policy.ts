// The one password policy (issue 14, then issue 29 finding 8), applied on every path that sets a
// password: registration (both forms), user creation (the demo's accounts included), an
// administrator's reset and the profile's change. At least PASSWORD_MIN characters (the contract,
// so the web forms check it too) and not one of the most common passwords (common-passwords.txt,
// shipped here and kept out of the web bundle).
import { readFileSync } from 'node:fs';
import { PASSWORD_MIN, passwordTooShort } from '@vigie/contract/auth.contract';
import { invalid } from '../plugins/errors';

const common = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l && !l.startsWith('#')),
);

export const isCommonPassword = (password: string) => common.has(password.trim().toLowerCase());

/** Refuses a password outside the policy with a French 422 on the given field. */
export function checkPasswordPolicy(password: string, loc: (string | number)[]) {
  // The contract checks the length at the edge; this also covers callers that bypass it (seeds).
  if (password.length < PASSWORD_MIN) throw invalid(loc, passwordTooShort, 'auth.password_too_short');
  if (isCommonPassword(password)) {
    throw invalid(
      loc,
      'Ce mot de passe fait partie des plus courants : choisissez-en un autre',
      'auth.common_password',
    );
  }
}

/** The profile's change (its field is `newPassword`). */
export const checkNewPassword = (password: string) => checkPasswordPolicy(password, ['body', 'newPassword']);
