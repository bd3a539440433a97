// A server refusal about one field is shown under that field, in every form, from this one
// mapping: a 422 says where by each item's `loc` (['body', 'email']); a business refusal (409…)
// says what by its stable `code` (`users.email_taken`), which names the body field below.
// What no field of the form can carry stays a message for the form's toast.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage, GENERIC_ERROR } from './api-errors';

/** Business refusal code → the request body field it is about (dotted path). */
export const fieldOfCode: Readonly<Record<string, string>> = {
  'users.email_taken': 'email',
  'badges.number_taken': 'badgeId',
  'badges.nfc_uid_taken': 'nfcUid',
  'agents.badge_taken': 'badge',
  'agents.user_taken': 'userId',
  'radios.imei_taken': 'radioId',
  'radio_channels.name_taken': 'name',
  'settings.logo_too_large': 'image',
};

/**
 * The fields of one form: their names when they are the body's own, or a map from the body's
 * path to the form's field when they differ (`{ 'admin.email': 'adminEmail' }`).
 */
export type FormFields<F extends string = string> = readonly F[] | Readonly<Partial<Record<string, F>>>;

export type ServerFieldError<F extends string = string> = { field: F; message: string };

type Issue = { loc?: unknown; msg?: unknown };

/** The body path of a 422 item (`['body', 'checkpoints', 0, 'name']` → `checkpoints.0.name`), if any. */
function bodyPath(loc: unknown): string | null {
  if (!Array.isArray(loc) || loc[0] !== 'body' || loc.length < 2) return null;
  return loc.slice(1).join('.');
}

/** The form field for a body path, or for its nearest parent (`ipWhitelist.3` → `ipWhitelist`). */
function formFieldOf<F extends string>(path: string, fields: FormFields<F>): F | undefined {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join('.');
    const field = Array.isArray(fields)
      ? (fields as readonly F[]).includes(candidate as F)
        ? (candidate as F)
        : undefined
      : (fields as Partial<Record<string, F>>)[candidate];
    if (field !== undefined) return field;
  }
  return undefined;
}

/**
 * Splits a failed call into messages for the form's fields and the rest: `rest` is null when every
 * part of the refusal found its field, else the French text for the toast.
 */
export function splitServerError<F extends string>(
  error: unknown,
  fields: FormFields<F>,
  fallback: string = GENERIC_ERROR,
): { onFields: ServerFieldError<F>[]; rest: string | null } {
  if (!(error instanceof ApiError)) return { onFields: [], rest: errorMessage(error, fallback) };
  const onFields: ServerFieldError<F>[] = [];
  if (Array.isArray(error.detail)) {
    const unplaced: string[] = [];
    for (const item of error.detail as Issue[]) {
      const msg = typeof item?.msg === 'string' ? item.msg : null;
      if (!msg) continue;
      const path = bodyPath(item.loc);
      const field = path === null ? undefined : formFieldOf(path, fields);
      // One message per field: the first the server gave.
      if (field !== undefined && !onFields.some((e) => e.field === field))
        onFields.push({ field, message: msg });
      else if (field === undefined) unplaced.push(msg);
    }
    if (onFields.length === 0) return { onFields, rest: errorMessage(error, fallback) };
    return { onFields, rest: unplaced.length > 0 ? unplaced.join(', ') : null };
  }
  const path = error.code ? fieldOfCode[error.code] : undefined;
  const field = path === undefined ? undefined : formFieldOf(path, fields);
  if (field !== undefined && typeof error.detail === 'string') {
    return { onFields: [{ field, message: error.detail }], rest: null };
  }
  return { onFields, rest: errorMessage(error, fallback) };
}

/**
 * For a react-hook-form form: puts each field's refusal under it (through the form's FormField)
 * and focuses the first; returns what is left for a toast, or null.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: FormFields<FieldPath<T>>,
  fallback?: string,
): string | null {
  const { onFields, rest } = splitServerError(error, fields, fallback);
  onFields.forEach(({ field, message }, i) => {
    setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
  });
  return rest;
}

/** For a form kept in component state: focuses the control of the first refused field. */
export function focusFirstField(ids: readonly (string | null | undefined)[]) {
  for (const id of ids) {
    const el = id ? document.getElementById(id) : null;
    if (el) {
      el.focus();
      return;
    }
  }
}
