// The last data the agent space showed, kept in localStorage so that a page opened without network
// shows it (with the « Hors ligne » badge) instead of a spinner: the agent's service, the site's
// handover and entries, the rounds. Only those queries, only the signed-in user's copy.
import { dehydrate, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';

const PREFIX = 'vigie-agent-cache:';
const SAVE_AFTER_MS = 500;

/** The agent's own service (planning 'me') and the agent space's queries ('agent-…'). */
export const isAgentQuery = (key: QueryKey) =>
  (key[0] === 'planning' && key[1] === 'me') || (typeof key[1] === 'string' && key[1].startsWith('agent-'));

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Puts the user's saved queries back; forgets another user's copy left on this phone. */
export function restoreAgentQueries(queryClient: QueryClient, userId: string) {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) {
    if (key.startsWith(PREFIX) && key !== PREFIX + userId) store.removeItem(key);
  }
  const raw = store.getItem(PREFIX + userId);
  if (!raw) return;
  try {
    hydrate(queryClient, JSON.parse(raw));
  } catch {
    store.removeItem(PREFIX + userId);
  }
}

/** Saves the agent queries after each successful fetch (debounced); answers the unsubscribe. */
export function persistAgentQueries(queryClient: QueryClient, userId: string) {
  let timer: number | undefined;
  const save = () => {
    timer = undefined;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && isAgentQuery(q.queryKey),
    });
    try {
      storage()?.setItem(PREFIX + userId, JSON.stringify(state));
    } catch {
      // Full storage: the page still works, only the offline copy is older.
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isAgentQuery(event.query.queryKey)) return;
    timer ??= window.setTimeout(save, SAVE_AFTER_MS);
  });
  // Leaving the page drops a save still waiting (half a second of updates): after a sign-out it
  // would write the user's data back.
  return () => {
    unsubscribe();
    window.clearTimeout(timer);
  };
}

/** Signing out: the phone keeps no copy of the user's data (their unsent writes stay queued). */
export function forgetAgentQueries(userId: string) {
  storage()?.removeItem(PREFIX + userId);
}
