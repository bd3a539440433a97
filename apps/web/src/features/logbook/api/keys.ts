// The main courante's keys, under the logbook root (lib/query-keys.ts) that a new entry, a
// `logbook.created` event and the agent space's outbox invalidate.
import { logbookKey } from '../../../lib/query-keys';

export const logbookKeys = {
  sites: [...logbookKey, 'sites'] as const,
  /** A site's entries for a period (days `''` when open). */
  list: (siteId: string, from: string, to: string) => [...logbookKey, 'list', siteId, from, to] as const,
  /** An entry's photo, outside the logbook root: a new entry must not fetch the photos again. */
  photo: (photoId: string) => ['logbook-photo', photoId] as const,
};
