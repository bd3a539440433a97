// What the phone does by itself while the protection runs: a clock ticking every second (the
// countdowns), the screen kept awake (a sleeping phone's page stops its timers, and so the prompt),
// and the position sent every 5 minutes so that an alert carries a recent place.
import { useEffect, useState } from 'react';
import { reportPosition } from './api/report-position';
import { type PositionProblem, takePosition } from './phone-position';

export const POSITION_EVERY_MS = 5 * 60_000;

/** The current time, refreshed every second while `active`. */
export function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

type WakeLockSentinelLike = { release: () => Promise<void> };
type WakeLockLike = { request: (type: 'screen') => Promise<WakeLockSentinelLike> };

/** Keeps the screen on while `active` (Screen Wake Lock API, where the browser has it). */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((s) => {
          if (stopped) void s.release();
          else sentinel = s;
        })
        .catch(() => undefined);
    };
    acquire();
    // The lock is dropped when the page is hidden: take it again on return.
    document.addEventListener('visibilitychange', acquire);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}

/** Sends the position every 5 minutes while the protection `sessionId` runs; answers the last problem. */
export function usePositionReports(sessionId: string | null) {
  const [problem, setProblem] = useState<PositionProblem | null>(null);
  useEffect(() => {
    if (!sessionId) return;
    let cancelled = false;
    const send = async () => {
      const { position, problem } = await takePosition();
      if (cancelled) return;
      setProblem(problem);
      if (position) await reportPosition(sessionId, position).catch(() => undefined);
    };
    const timer = setInterval(() => void send(), POSITION_EVERY_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [sessionId]);
  return { problem, setProblem };
}
