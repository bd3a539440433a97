// While the agent is on duty and consents, the agent space sends the phone's position: every 30 s,
// or as the server says (120 s when the phone stands still). It stops off duty, without consent,
// or when the server refuses (409); a throttled send (429) waits for the next turn. A change of
// `followKey` (an intervention starts or moves to its next step) sends at once and starts again at
// the server's pace: an agent who stood still (120 s) and now drives to a site is followed at once.
import { dutyPositionIntervalSeconds } from '@vigie/contract/interventions.contract';
import { useEffect, useState } from 'react';
import { sendDutyPosition } from '../../components/interventions/interventions-api';
import { ApiError } from '../../lib/api-errors';
import { msg } from '../../lib/i18n/i18n';
import { phonePosition } from './intervention-position';

export type TrackingState =
  | { status: 'off' }
  | { status: 'on'; lastSentAt: number | null; problem: string | null };

export function useDutyTracking(active: boolean, followKey: string | null = null): TrackingState {
  const [state, setState] = useState<TrackingState>({ status: 'off' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new followKey restarts the loop on purpose
  useEffect(() => {
    if (!active) {
      setState({ status: 'off' });
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ status: 'on', lastSentAt: null, problem: null });
    const turn = async () => {
      let next = dutyPositionIntervalSeconds;
      const p = await phonePosition(15_000);
      if (stopped) return;
      if (!p) {
        setState((s) => ({
          status: 'on',
          lastSentAt: s.status === 'on' ? s.lastSentAt : null,
          problem: msg("Position introuvable pour l'instant"),
        }));
      } else {
        try {
          const answer = await sendDutyPosition(p);
          next = answer.nextInSeconds;
          if (!stopped) setState({ status: 'on', lastSentAt: Date.now(), problem: null });
        } catch (err) {
          if (err instanceof ApiError && err.status === 409) {
            if (!stopped) setState({ status: 'off' });
            return;
          }
        }
      }
      if (!stopped) timer = setTimeout(turn, next * 1000);
    };
    void turn();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, followKey]);
  return state;
}
