import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listCameras } from '@vigie/contract/cameras.contract';
import { apiCall } from '../../../lib/api-client';

/** Root of every cameras query key: mutations invalidate it. */
export const camerasKey = ['cameras'] as const;

/** Status changes (health monitor) reach open pages by polling; the alarms issue brings push. */
export const CAMERAS_POLL_MS = 10_000;

export type CameraFilters = { search?: string; siteId?: string };

export function getCameras(filters: CameraFilters, signal?: AbortSignal) {
  return apiCall(listCameras, {
    signal,
    query: { limit: 500, search: filters.search || undefined, siteId: filters.siteId || undefined },
  });
}

/** Unset filters are left out of the key, so the unfiltered list is one shared query. */
function normalize(filters: CameraFilters): CameraFilters {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.siteId ? { siteId: filters.siteId } : {}),
  };
}

export function camerasQueryOptions(input: CameraFilters = {}) {
  const filters = normalize(input);
  return queryOptions({
    queryKey: [...camerasKey, 'list', filters],
    queryFn: ({ signal }) => getCameras(filters, signal),
    refetchInterval: CAMERAS_POLL_MS,
  });
}

export function useCameras(filters: CameraFilters = {}) {
  return useQuery({ ...camerasQueryOptions(filters), placeholderData: keepPreviousData });
}
