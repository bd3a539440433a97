import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAccessPoints } from '@vigie/contract/access.contract';
import { apiAll } from '../../../lib/api-client';
import { accessKeys } from './keys';

export function getAccessPoints(signal?: AbortSignal) {
  return apiAll(listAccessPoints, { signal, query: { limit: 500 } });
}

export function accessPointsQueryOptions() {
  return queryOptions({
    queryKey: accessKeys.points,
    queryFn: ({ signal }) => getAccessPoints(signal),
  });
}

/** The company's access points (doors, gates, barriers, turnstiles), by name. */
export function useAccessPoints() {
  return useQuery(accessPointsQueryOptions());
}
