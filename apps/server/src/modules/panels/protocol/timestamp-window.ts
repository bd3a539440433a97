// DC-09 replay protection: a timestamped frame is accepted only if the panel's clock is close to
// the receiver's; otherwise the receiver answers NAK with its own time and the panel resets its
// clock and sends again. Defaults from the issue: 40 s late to 20 s early (per panel settings).

export type TimestampWindow = { lateSeconds: number; earlySeconds: number };

export const defaultTimestampWindow: TimestampWindow = { lateSeconds: 40, earlySeconds: 20 };

export type TimestampCheck = 'ok' | 'late' | 'early' | 'absent';

/**
 * 'late': the frame's time is more than `lateSeconds` before now; 'early': more than `earlySeconds`
 * after. 'absent' (no timestamp, allowed for a frame in clear) is not a reason to refuse it.
 */
export function checkTimestamp(
  timestamp: Date | undefined,
  now: Date,
  window: TimestampWindow = defaultTimestampWindow,
): TimestampCheck {
  if (!timestamp) return 'absent';
  const delta = timestamp.getTime() - now.getTime();
  if (delta < -window.lateSeconds * 1000) return 'late';
  if (delta > window.earlySeconds * 1000) return 'early';
  return 'ok';
}

export function isTimestampInWindow(
  timestamp: Date | undefined,
  now: Date,
  window: TimestampWindow = defaultTimestampWindow,
): boolean {
  const check = checkTimestamp(timestamp, now, window);
  return check === 'ok' || check === 'absent';
}
