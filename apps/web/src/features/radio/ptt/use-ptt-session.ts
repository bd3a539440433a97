import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { PttSession } from './ptt-session';

/**
 * The push-to-talk session of one channel for its panel: created once, disposed on unmount
 * (socket, recorder, microphone and object URLs). A transmission ends when the window loses
 * focus or the tab is hidden, as if the button were released.
 */
export function usePttSession(channelId: string) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [session] = useState(() => new PttSession(channelId, () => audioRef.current));
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);

  useEffect(() => () => session.dispose(), [session]);

  useEffect(() => {
    const release = () => session.releaseTalk();
    const onVisibility = () => {
      if (document.hidden) release();
    };
    window.addEventListener('blur', release);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('blur', release);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [session]);

  return { session, snapshot, audioRef };
}
