// The small 'En ligne' / 'Hors ligne' light: the browser's own idea of the network, corrected by
// what the last check to the server actually met (Wi-Fi up but the server unreachable is offline).
import { useCallback, useEffect, useState } from 'react';

export function useConnection() {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  const report = useCallback((reached: boolean) => setOnline(reached), []);
  return { online, report };
}
