// Turning an error answer into the French text shown to the user, 'Une erreur est survenue' when it has none.
import type { SessionRestriction } from '@vigie/contract/auth.contract';
import { msg, t } from './i18n/i18n';

export const GENERIC_ERROR = msg('Une erreur est survenue');

export class ApiError extends Error {
  readonly status: number;
  readonly detail: unknown;
  /** A business refusal's stable code (`users.email_taken`), when the server gave one. */
  readonly code: string | undefined;

  constructor(status: number, detail: unknown, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
  }
}

/** detail: a string as is, a list of items with `msg` joined by ', ', an object's msg or JSON. */
export function detailToMessage(detail: unknown): string | null {
  if (detail === null || detail === undefined) return null;
  if (typeof detail === 'string') return detail.trim() === '' ? null : detail;
  if (Array.isArray(detail)) {
    const parts = detail
      .map((item) => {
        if (typeof item === 'string') return item;
        if (item && typeof item === 'object' && 'msg' in item && typeof item.msg === 'string')
          return item.msg;
        return JSON.stringify(item);
      })
      .filter((part) => part !== '');
    return parts.length > 0 ? parts.join(', ') : null;
  }
  if (typeof detail === 'object') {
    if ('msg' in detail && typeof detail.msg === 'string') return detail.msg;
    return JSON.stringify(detail);
  }
  return String(detail);
}

/** The message to show for any thrown value, with an optional screen-specific fallback. */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  if (error instanceof ApiError) return error.message || t(fallback);
  return t(fallback);
}

/**
 * A restricted session's 403 (an expired password, a two-factor enrolment the company requires):
 * the error body carries only the French detail, so its opening words tell which.
 */
const restrictionDetails: readonly [string, SessionRestriction][] = [
  // i18n: not shown
  ['Votre mot de passe a expiré', 'password_expired'],
  // i18n: not shown
  ['Votre société exige la double authentification', 'two_factor_setup'],
];

const restrictionCodes: Record<string, SessionRestriction> = {
  'auth.password_expired': 'password_expired',
  'auth.two_factor_setup': 'two_factor_setup',
};

export function restrictionOf(status: number, detail: unknown, code?: string): SessionRestriction | null {
  if (status !== 403) return null;
  // The code says it in any language (the detail follows the user's); the French opening words
  // for an answer without a code.
  if (code && restrictionCodes[code]) return restrictionCodes[code];
  if (typeof detail !== 'string') return null;
  return restrictionDetails.find(([start]) => detail.startsWith(start))?.[1] ?? null;
}

/** A call refused because the company is in maintenance mode (503 'Vigie est en maintenance…'). */
export function isMaintenanceError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 503 &&
    typeof error.detail === 'string' &&
    (error.code === 'auth.maintenance' || error.detail.startsWith('Vigie est en maintenance'))
  );
}
