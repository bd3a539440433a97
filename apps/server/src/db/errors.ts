// Recognises PostgreSQL errors through Drizzle's wrapper (the driver error is its `cause`).
type PgLikeError = { code?: string; constraint?: string; cause?: unknown; message?: string };

function driverError(err: unknown): PgLikeError | undefined {
  let e = err as PgLikeError | undefined;
  for (let i = 0; i < 3 && e; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as PgLikeError | undefined;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = driverError(err);
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
}

export function isForeignKeyViolation(err: unknown): boolean {
  return driverError(err)?.code === '23503';
}
