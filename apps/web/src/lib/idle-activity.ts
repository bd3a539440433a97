// The company's auto-logout (Paramètres · Sécurité): the time of the last user activity is shared
// by the browser's tabs through localStorage, so that working in one tab keeps the others signed in.

export const LAST_ACTIVITY_KEY = 'vigie.lastActivity';

/** The warning dialog opens this long before the sign-out. */
export const IDLE_WARNING_MS = 60_000;

export type IdlePhase =
  | { phase: 'active' }
  | { phase: 'warning'; secondsLeft: number }
  | { phase: 'expired' };

/** Where an idle session stands at `now`, its last activity at `lastActivity`. */
export function idlePhase(lastActivity: number, minutes: number, now: number): IdlePhase {
  const left = lastActivity + minutes * 60_000 - now;
  if (left <= 0) return { phase: 'expired' };
  if (left <= IDLE_WARNING_MS) return { phase: 'warning', secondsLeft: Math.ceil(left / 1000) };
  return { phase: 'active' };
}

/** The latest activity recorded by any tab (null when none or storage is unavailable). */
export function readLastActivity(): number | null {
  try {
    const value = Number(window.localStorage.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function writeLastActivity(at: number) {
  try {
    // Never move it back: another tab may have written a later time meanwhile.
    const known = readLastActivity();
    if (known === null || at > known) window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Private mode or full storage: this tab's own activity still counts (see the watcher).
  }
}
