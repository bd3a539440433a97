// From a badge read to what the visitor sees: one check at a time, the verdict for VERDICT_MS, and
// the same code ignored meanwhile (a badge held before the camera is read on every frame, and must
// not write a log line per frame).
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../lib/i18n/i18n';
import { type BadgeRead, postAccessCheck } from './api/check-access';
import { beep } from './beep';
import { checkWithRetry, type RetryOutcome } from './check-with-retry';

export const VERDICT_MS = 3_000;

export type Verdict =
  | { kind: 'granted'; holder: string }
  | { kind: 'refused'; reason: string }
  /** The server never answered: nothing was decided, the door stays shut. */
  | { kind: 'unverified' };

/** A check under way; `failures` > 0 once the server could not be reached. */
export type Pending = { failures: number };

type Events = {
  /** The point the key belongs to, from each answer. */
  onPoint: (name: string) => void;
  /** The key is no longer accepted: the kiosk goes back to pairing. */
  onKeyRejected: (why: 'invalid' | 'scope') => void;
  /** Whether the server was reached. */
  onReached: (reached: boolean) => void;
};

function verdictOf(outcome: Exclude<RetryOutcome, { kind: 'invalid-key' | 'wrong-scope' }>): Verdict {
  if (outcome.kind === 'gave-up') return { kind: 'unverified' };
  if (outcome.kind === 'rejected') return { kind: 'refused', reason: t('badge non reconnu') };
  const { answer } = outcome;
  // The decision is the server's, and only an explicit 'Autorisé' opens.
  // i18n: not shown (a stored value compared, not a text)
  if (answer.decision === 'Autorisé') return { kind: 'granted', holder: answer.holder ?? t('Badge valide') };
  return { kind: 'refused', reason: answer.reason ?? t('accès non autorisé') };
}

export function useKioskChecks(readerKey: string, events: Events) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = useRef(false);
  const recent = useRef<{ read: string; until: number } | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const eventsRef = useRef(events);
  eventsRef.current = events;

  useEffect(
    () => () => {
      controller.current?.abort();
      window.clearTimeout(hideTimer.current);
    },
    [],
  );

  const present = useCallback(
    async (read: BadgeRead) => {
      const id = `${read.type}:${read.credential}`;
      if (busy.current) return;
      if (recent.current?.read === id && Date.now() < recent.current.until) return;
      busy.current = true;
      const abort = new AbortController();
      controller.current = abort;
      setPending({ failures: 0 });
      let outcome: RetryOutcome;
      try {
        outcome = await checkWithRetry((signal) => postAccessCheck(readerKey, read, signal), {
          signal: abort.signal,
          onRetry: (failures) => {
            eventsRef.current.onReached(false);
            setPending({ failures });
          },
        });
      } catch {
        // Aborted: the kiosk was unpaired or closed meanwhile.
        return;
      } finally {
        busy.current = false;
      }
      setPending(null);
      if (outcome.kind === 'invalid-key' || outcome.kind === 'wrong-scope') {
        eventsRef.current.onKeyRejected(outcome.kind === 'invalid-key' ? 'invalid' : 'scope');
        return;
      }
      eventsRef.current.onReached(outcome.kind !== 'gave-up');
      if (outcome.kind === 'answer') eventsRef.current.onPoint(outcome.answer.point);
      const next = verdictOf(outcome);
      beep(next.kind === 'granted' ? 'granted' : 'refused');
      setVerdict(next);
      recent.current = { read: id, until: Date.now() + VERDICT_MS };
      window.clearTimeout(hideTimer.current);
      hideTimer.current = window.setTimeout(() => setVerdict(null), VERDICT_MS);
    },
    [readerKey],
  );

  return { verdict, pending, present };
}
