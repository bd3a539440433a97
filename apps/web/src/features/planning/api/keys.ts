// The planning's keys sit under the planning root (lib/query-keys.ts), which its mutations and the
// 'agent.changed' and 'shift.changed' events invalidate: lib's agents list and the signed-in agent's
// service live under it too.
import { planningKey } from '../../../lib/query-keys';

export const planningKeys = {
  /** Unset filters are left out of `params`, so equal filters share one query. */
  week: <P extends object>(params: P) => [...planningKey, 'week', params] as const,
  shifts: <F extends object>(filters: F) => [...planningKey, 'shifts', 'list', filters] as const,
  /** A dry run read like a query: a shift saved elsewhere checks the form again. */
  check: <B extends object>(body: B) => [...planningKey, 'check', body] as const,
  summary: (date: string) => [...planningKey, 'summary', { date }] as const,
  agentUsers: [...planningKey, 'agent-users'] as const,
  sites: [...planningKey, 'sites'] as const,
};
