import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPointKeys } from '@vigie/contract/access.contract';
import { apiCall } from '../../../lib/api-client';
import { accessKeys } from './keys';

export function getPointKeys(pointId: string, signal?: AbortSignal) {
  return apiCall(listPointKeys, { signal, params: { id: pointId } });
}

export function pointKeysQueryOptions(pointId: string) {
  return queryOptions({
    queryKey: accessKeys.pointKeys(pointId),
    queryFn: ({ signal }) => getPointKeys(pointId, signal),
  });
}

/** Reader keys of one access point (administrators only; the secret itself is never listed). */
export function usePointKeys(pointId: string) {
  return useQuery(pointKeysQueryOptions(pointId));
}
