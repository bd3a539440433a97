// What a new password must be (issue 14): 8 characters at least (the contract), different from the
// current one, and not one of the most common passwords (common-passwords.txt, shipped here).
import { readFileSync } from 'node:fs';
import { invalid } from '../../plugins/errors';

const common = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l && !l.startsWith('#')),
);

export const isCommonPassword = (password: string) => common.has(password.trim().toLowerCase());

export function checkNewPassword(password: string) {
  if (isCommonPassword(password)) {
    throw invalid(
      ['body', 'newPassword'],
      'Ce mot de passe fait partie des plus courants : choisissez-en un autre',
      'auth.common_password',
    );
  }
}
