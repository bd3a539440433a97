import { queryOptions, useQuery } from '@tanstack/react-query';
import { listLogbook } from '@vigie/contract/logbook.contract';
import { apiList } from '../../../lib/api-client';
import { agentSpaceKeys } from './keys';

/** The site's entries the phone shows (the newest): enough to read the night's story. */
export const AGENT_ENTRIES = 20;

export function siteEntriesQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: agentSpaceKeys.entries(siteId),
    queryFn: async ({ signal }) =>
      (await apiList(listLogbook, { signal, query: { siteId, limit: AGENT_ENTRIES } })).items,
    enabled: siteId !== '',
  });
}
export const useSiteEntries = (siteId: string) => useQuery(siteEntriesQueryOptions(siteId));
