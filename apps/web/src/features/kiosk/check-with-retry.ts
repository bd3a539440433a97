// One badge read, checked until the server answers. The kiosk never decides on its own: while the
// server cannot be reached the visitor sees 'Hors ligne — nouvel essai…', and after RETRY_WINDOW_MS
// the read is given up (the door stays shut) rather than kept waiting for ever.
import type { CheckResult } from './api/check-access';

export const RETRY_WINDOW_MS = 30_000;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 10_000;

/** 1 s, 2 s, 4 s, 8 s, then 10 s: quick when a blip, gentle on a server that is coming back. */
export const retryDelay = (failures: number) => Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - 1));

export type RetryOutcome = Exclude<CheckResult, { kind: 'unavailable' }> | { kind: 'gave-up' };

type RetryOptions = {
  signal: AbortSignal;
  /** Told before each wait, with the number of failed attempts so far. */
  onRetry?: (failures: number) => void;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

const abortError = () => new DOMException('Badge read abandoned', 'AbortError');

export function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export async function checkWithRetry(
  attempt: (signal: AbortSignal) => Promise<CheckResult>,
  { signal, onRetry, now = Date.now, sleep: wait = sleep }: RetryOptions,
): Promise<RetryOutcome> {
  const started = now();
  for (let failures = 1; ; failures++) {
    const result = await attempt(signal);
    if (result.kind !== 'unavailable') return result;
    const left = RETRY_WINDOW_MS - (now() - started);
    if (left <= 0) return { kind: 'gave-up' };
    onRetry?.(failures);
    await wait(Math.min(retryDelay(failures), left), signal);
  }
}
