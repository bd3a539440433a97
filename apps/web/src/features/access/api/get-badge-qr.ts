import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBadgeQr } from '@vigie/contract/access.contract';
import { apiCall } from '../../../lib/api-client';
import { accessKeys } from './keys';

export function fetchBadgeQr(id: string, signal?: AbortSignal) {
  return apiCall(getBadgeQr, { signal, params: { id } });
}

export function badgeQrQueryOptions(id: string) {
  return queryOptions({
    queryKey: accessKeys.badgeQr(id),
    queryFn: ({ signal }) => fetchBadgeQr(id, signal),
  });
}

/** The signed text a QR badge carries (changes when the code is regenerated). */
export function useBadgeQr(id: string) {
  return useQuery(badgeQrQueryOptions(id));
}
