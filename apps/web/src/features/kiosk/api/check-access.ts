// The kiosk's one server call. Not the session api-client: that one adds the signed-in user's
// bearer token and redirects to /login on a 401, while the kiosk authenticates with its reader
// key only and answers a 401 by going back to pairing.
import { type accessCheckBody, accessCheckSchema, checkAccess } from '@vigie/contract/access.contract';
import type { z } from 'zod';

export type BadgeRead = z.input<typeof accessCheckBody>;
export type CheckAnswer = z.output<typeof accessCheckSchema>;

export type CheckResult =
  | { kind: 'answer'; answer: CheckAnswer }
  /** 401: unknown or revoked key. */
  | { kind: 'invalid-key' }
  /** 403: a key of another scope (an alarm panel's). */
  | { kind: 'wrong-scope' }
  /** Another 4xx (e.g. 422, a QR code too long to be a badge): the read itself is not acceptable. */
  | { kind: 'rejected' }
  /** No usable answer (network down, timeout, 5xx, a proxy's page): worth another try. */
  | { kind: 'unavailable' };

/** A request that hangs on a weak network must not hold the entrance up: it counts as a failure. */
const ATTEMPT_TIMEOUT_MS = 8_000;

export async function postAccessCheck(
  key: string,
  read: BadgeRead,
  signal?: AbortSignal,
): Promise<CheckResult> {
  const attempt = new AbortController();
  const timer = window.setTimeout(() => attempt.abort(), ATTEMPT_TIMEOUT_MS);
  const forward = () => attempt.abort();
  signal?.addEventListener('abort', forward, { once: true });
  try {
    const response = await fetch(checkAccess.path, {
      method: checkAccess.method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Key': key },
      body: JSON.stringify(read),
      signal: attempt.signal,
      cache: 'no-store',
      // The kiosk never acts as whoever else used this browser.
      credentials: 'omit',
    });
    if (response.status === 401) return { kind: 'invalid-key' };
    if (response.status === 403) return { kind: 'wrong-scope' };
    if (response.status >= 500 || response.status === 408 || response.status === 429) {
      return { kind: 'unavailable' };
    }
    if (!response.ok) return { kind: 'rejected' };
    // Only a well-formed answer of our server may open: a captive portal's or a proxy's 200 page
    // is no decision.
    const parsed = accessCheckSchema.safeParse(await response.json().catch(() => null));
    return parsed.success ? { kind: 'answer', answer: parsed.data } : { kind: 'unavailable' };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'unavailable' };
  } finally {
    window.clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}
