import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSite } from '@vigie/contract/sites.contract';
import { apiCall } from '../../../lib/api-client';
import { sitesKeys } from './keys';

export function fetchSite(id: string, signal?: AbortSignal) {
  return apiCall(getSite, { params: { id }, signal });
}

export function siteQueryOptions(id: string) {
  return queryOptions({
    queryKey: sitesKeys.detail(id),
    queryFn: ({ signal }) => fetchSite(id, signal),
  });
}

export function useSite(id: string | null) {
  return useQuery({ ...siteQueryOptions(id ?? ''), enabled: id !== null });
}
