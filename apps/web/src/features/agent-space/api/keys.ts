// The agent space's keys sit under the logbook and guard tour roots (lib/query-keys.ts), so that
// the real-time events (`logbook.created`, `tour.changed`) refresh them as they do the control
// room's pages; their second element starts with 'agent-', which marks them for offline use
// (query-persistence.ts).
import { guardToursKey, logbookKey } from '../../../lib/query-keys';

export const agentSpaceKeys = {
  handover: (siteId: string) => [...logbookKey, 'agent-handover', siteId] as const,
  entries: (siteId: string) => [...logbookKey, 'agent-entries', siteId] as const,
  openRounds: [...guardToursKey, 'agent-rounds'] as const,
  tours: (siteId: string) => [...guardToursKey, 'agent-tours', siteId] as const,
  /** An entry's photo: its bytes never change, so no event refreshes it (and it is not kept offline). */
  entryPhoto: (photoId: string) => ['agent-photo-blob', photoId] as const,
};
