// Turning an error answer into the French text shown to the user (spec section 8).

export const GENERIC_ERROR = 'Une erreur est survenue';

export class ApiError extends Error {
  readonly status: number;
  readonly detail: unknown;

  constructor(status: number, detail: unknown, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
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
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}
