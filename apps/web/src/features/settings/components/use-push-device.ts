import { useCallback, useEffect, useState } from 'react';
import { currentPushSubscription, pushSupported } from '../api/push-subscription';

export type PushDeviceState = 'checking' | 'unsupported' | 'denied' | 'subscribed' | 'unsubscribed';

/** Whether this browser receives the push notifications (the preference is the account's). */
export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState>('checking');
  const refresh = useCallback(async () => {
    if (!pushSupported()) {
      setState('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setState('denied');
      return;
    }
    const subscription = await currentPushSubscription().catch(() => null);
    setState(subscription ? 'subscribed' : 'unsubscribed');
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { state, refresh };
}
