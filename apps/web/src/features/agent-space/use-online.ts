// The browser's idea of the network (`navigator.onLine` and its events): the « Hors ligne » badge.
import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const online = () => navigator.onLine;

export function useOnline() {
  return useSyncExternalStore(subscribe, online, () => true);
}
