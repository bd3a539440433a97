import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listCameras } from '@vigie/contract/cameras.contract';
import { apiList } from '../../../lib/api-client';
import { camerasKeys } from './keys';

/** Status changes (health monitor) reach open pages by polling; the alarms issue brings push. */
export const CAMERAS_POLL_MS = 10_000;

/** A page shows this many cameras at most; the counts and the total come from the server. */
export const CAMERAS_PAGE_SIZE = 500;

export type CameraFilters = { search?: string; siteId?: string };

export function getCameras(filters: CameraFilters, signal?: AbortSignal) {
  return apiList(listCameras, {
    signal,
    query: {
      limit: CAMERAS_PAGE_SIZE,
      search: filters.search || undefined,
      siteId: filters.siteId || undefined,
    },
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
    queryKey: camerasKeys.list(filters),
    queryFn: ({ signal }) => getCameras(filters, signal),
    refetchInterval: CAMERAS_POLL_MS,
  });
}

/** The first page of cameras (up to CAMERAS_PAGE_SIZE) and the filter's total. */
export function useCameraPage(filters: CameraFilters = {}) {
  return useQuery({ ...camerasQueryOptions(filters), placeholderData: keepPreviousData });
}

/** The cameras of a filter, as a list (a site's cameras). */
export function useCameras(filters: CameraFilters = {}) {
  return useQuery({
    ...camerasQueryOptions(filters),
    placeholderData: keepPreviousData,
    select: (page) => page.items,
  });
}

/**
 * The company's cameras and how many are online, counted by the server: a company of 20,000 cameras
 * read « 400/500 en ligne » from the first page.
 */
export function useCameraCounts() {
  return useQuery({
    queryKey: camerasKeys.counts,
    queryFn: async ({ signal }) => {
      const [all, online] = await Promise.all([
        apiList(listCameras, { signal, query: { limit: 1 } }),
        apiList(listCameras, { signal, query: { limit: 1, status: 'En ligne' } }),
      ]);
      return { total: all.total, online: online.total };
    },
    refetchInterval: CAMERAS_POLL_MS,
  });
}
