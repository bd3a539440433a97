import { queryOptions, useQuery } from '@tanstack/react-query';
import { logbookHandover } from '@vigie/contract/logbook.contract';
import { apiCall } from '../../../lib/api-client';
import { agentSpaceKeys } from './keys';

export function handoverQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: agentSpaceKeys.handover(siteId),
    queryFn: ({ signal }) => apiCall(logbookHandover, { signal, query: { siteId } }),
    enabled: siteId !== '',
  });
}
/** The site's latest relève entry (null when none was ever written). */
export const useHandover = (siteId: string) => useQuery(handoverQueryOptions(siteId));
