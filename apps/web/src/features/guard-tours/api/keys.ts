// The control room's guard tour keys, under the guard tours root (lib/query-keys.ts) that the
// mutations, the `tour.*` events and the agent space's outbox invalidate.
import { guardToursKey } from '../../../lib/query-keys';

export const guardToursKeys = {
  tours: [...guardToursKey, 'tours'] as const,
  rounds: (status: string) => [...guardToursKey, 'rounds', status] as const,
  stats: [...guardToursKey, 'stats'] as const,
  sites: [...guardToursKey, 'sites'] as const,
};
