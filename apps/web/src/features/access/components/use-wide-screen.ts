import { useSyncExternalStore } from 'react';

const query = '(min-width: 768px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Tablet and wider (Tailwind's md): the log shows a table there and cards on phones. One of the
 * two is rendered, not both hidden by CSS, so screen readers and tests meet each line once.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => true,
  );
}
