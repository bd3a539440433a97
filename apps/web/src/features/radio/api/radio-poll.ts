import { useRealtimeLive } from '../../../lib/use-realtime-live';

/**
 * Radio data is never more than 5 s old on screen. The event stream refreshes it at once; the
 * 5-second poll covers a stream that is down (a proxy that buffers it, a sleeping laptop).
 */
export const RADIO_POLL_MS = 5_000;

/**
 * The refetch interval of a radio query: 5 s while the event stream is down; `whenLive` while it is
 * up (what no event announces: a battery level moving within its colour, a radio going silent).
 */
export function useRadioPoll(whenLive: number | false = false) {
  return useRealtimeLive() ? whenLive : RADIO_POLL_MS;
}
