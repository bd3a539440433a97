import { panelsKey } from '../../../lib/query-keys';

/**
 * The alarm panels' keys, under the shared root (lib/query-keys.ts): the panels' mutations
 * invalidate it, and so do the 'panel.changed' and 'alarm.created' events (a panel's last signal,
 * its link state, its journal).
 */
export { panelsKey };

export const panelsKeys = {
  /** Unset filters are left out of `filters`, so the unfiltered list is one shared query. */
  list: <F extends object>(filters: F) => [...panelsKey, 'list', filters] as const,
  /** The receiver's address and the company's line prefix (the box on top of the screen). */
  receiver: [...panelsKey, 'receiver'] as const,
  /** One panel's signal journal. */
  signals: (id: string) => [...panelsKey, 'signals', id] as const,
};
