/** Field path ('admin.password') → message shown under that field. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * A zod error's issues as per-field messages, the first issue of each field winning (what the
 * forms showed with react-hook-form's zodResolver).
 */
export function toFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };
