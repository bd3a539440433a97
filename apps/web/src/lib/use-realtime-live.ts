import { useSyncExternalStore } from 'react';
import { isRealtimeLive, subscribeRealtimeLive } from './realtime';

/** Whether the event stream is up (in this tab or the one leading it): screens poll while it is not. */
export function useRealtimeLive() {
  return useSyncExternalStore(subscribeRealtimeLive, isRealtimeLive, () => false);
}
