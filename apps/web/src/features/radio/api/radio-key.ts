import { useRealtimeLive } from '../../../lib/use-realtime-live';

/**
 * Root of every radio query key: mutations invalidate it. In a file of its own so that the
 * dashboard shell, which imports it, does not pull the contract in.
 */
export const radioKey = ['radio'] as const;

/**
 * The parts the real-time sync refreshes: a radio's report or a change of radio or channel
 * ('radio.changed'), a transmission or an alert ('radio.communication', 'radio.alert'; an
 * emergency heard in a transmission raises an alert). The summary counts all of them.
 */
export const radioKeys = {
  radios: [...radioKey, 'radios'],
  channels: [...radioKey, 'channels'],
  communications: [...radioKey, 'communications'],
  /** The open alerts and each alert's detail. */
  alerts: [...radioKey, 'alerts'],
  summary: [...radioKey, 'summary'],
  keys: [...radioKey, 'keys'],
  retention: [...radioKey, 'retention'],
} as const;

/**
 * Spec: radio data refreshes every 5 s. The event stream refreshes it at once; the 5-second poll
 * covers a stream that is down (a proxy that buffers it, a sleeping laptop).
 */
export const RADIO_POLL_MS = 5_000;

/**
 * The refetch interval of a radio query: 5 s while the event stream is down; `whenLive` while it is
 * up (what no event announces: a battery level moving within its colour, a radio going silent).
 */
export function useRadioPoll(whenLive: number | false = false) {
  return useRealtimeLive() ? whenLive : RADIO_POLL_MS;
}
