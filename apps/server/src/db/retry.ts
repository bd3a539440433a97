// A safety net, not the fix (docs/decisions/0020): a transaction that PostgreSQL aborted with a
// deadlock (40P01) or a serialisation failure (40001) is run again, a bounded number of times. Safe
// only around a whole transaction whose effects were rolled back and whose request is not answered
// yet: the caller wraps exactly that (a `withTenant` or `writeTenant` call), never a part of one.
// Every retry is counted and logged, so that a deadlock the appended count deltas should have made
// impossible (docs/decisions/0020-kept-counts-without-deadlocks.md) is seen rather than silently
// absorbed.

type Coded = { code?: unknown; cause?: unknown };

/** The SQLSTATE of a PostgreSQL error, through Drizzle's wrapper (the driver error is its cause). */
function sqlState(err: unknown): string | undefined {
  let e = err as Coded | undefined;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as Coded | undefined;
  }
  return undefined;
}

const retryable: Record<string, 'deadlock' | 'serialization'> = {
  '40P01': 'deadlock',
  '40001': 'serialization',
};

/** 'deadlock' or 'serialization' when the error is a conflict a new attempt can clear. */
export function conflictOf(err: unknown) {
  const code = sqlState(err);
  return code === undefined ? undefined : retryable[code];
}

export interface RetryLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Retries and give-ups since the process started (no metrics facility exists: logs and this). */
export const conflictRetries = { deadlock: 0, serialization: 0, exhausted: 0 };

let log: RetryLog | undefined;
/** Where retries are reported (the app's logger, set once at start). */
export function setRetryLog(l: RetryLog) {
  log = l;
}

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Names the transaction in the log line. */
  label: string;
}

/**
 * Runs `run` (one whole transaction) and runs it again after a deadlock or serialisation failure,
 * at most `attempts` times in all, with a short random pause (the conflicting transaction commits
 * meanwhile). Any other error, or the last conflict, is thrown as it is.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const attempts = opts.attempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const kind = conflictOf(err);
      if (!kind) throw err;
      if (attempt >= attempts) {
        conflictRetries.exhausted++;
        log?.error(
          { err, transaction: opts.label, attempts: attempt, conflict: kind },
          'transaction conflict: gave up',
        );
        throw err;
      }
      conflictRetries[kind]++;
      log?.warn(
        { transaction: opts.label, attempt, conflict: kind, retries: { ...conflictRetries } },
        'transaction conflict: retried',
      );
      await new Promise((ok) => setTimeout(ok, 2 + Math.random() * 8 * attempt));
    }
  }
}
