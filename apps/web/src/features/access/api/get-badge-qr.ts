import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBadgeQr } from '@vigie/contract/access.contract';
import { apiCall } from '../../../lib/api-client';
import { accessKey } from './access-key';

export function fetchBadgeQr(id: string, signal?: AbortSignal) {
  return apiCall(getBadgeQr, { signal, params: { id } });
}

export function badgeQrQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...accessKey, 'badges', id, 'qr'],
    queryFn: ({ signal }) => fetchBadgeQr(id, signal),
  });
}

/** The signed text a QR badge carries (changes when the code is regenerated). */
export function useBadgeQr(id: string) {
  return useQuery(badgeQrQueryOptions(id));
}
