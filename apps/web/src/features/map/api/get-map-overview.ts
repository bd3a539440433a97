import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getMapOverview } from '@vigie/contract/map.contract';
import { apiCall } from '../../../lib/api-client';
import { useRealtimeLive } from '../../../lib/use-realtime-live';
import { mapOverviewKey } from './keys';

export const mapOverviewQueryOptions = () => ({
  queryKey: mapOverviewKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiCall(getMapOverview, { signal }),
});

/**
 * Everything drawn on the map, in one call: the event stream refreshes it (no polling while it is
 * up); while the stream is down, read again every 15 s.
 */
export function useMapOverview() {
  const live = useRealtimeLive();
  return useQuery({
    ...mapOverviewQueryOptions(),
    refetchInterval: live ? false : 15_000,
    placeholderData: keepPreviousData,
  });
}
