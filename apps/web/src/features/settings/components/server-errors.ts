import { ApiError } from '../../../lib/api-errors';

/** A 422's issues that name a body field, as field → message (the first one of each field). */
export function bodyFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.detail)) return out;
  for (const item of error.detail as { loc?: unknown[]; msg?: unknown }[]) {
    const field = item.loc?.[1];
    if (item.loc?.[0] === 'body' && typeof field === 'string' && typeof item.msg === 'string') {
      out[field] ??= item.msg;
    }
  }
  return out;
}
