import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCameraSnapshot } from '@vigie/contract/cameras.contract';
import { useEffect, useState } from 'react';
import { apiBlob } from '../../../lib/api-client';
import { camerasKeys } from './keys';

/** The live view refreshes the still image this often while playing. */
export const SNAPSHOT_REFRESH_MS = 2_000;

/** Image bytes fetched by the server with the camera's credentials (which never reach the browser). */
export function fetchCameraSnapshot(id: string, signal?: AbortSignal) {
  return apiBlob(getCameraSnapshot, { params: { id }, signal });
}

export function cameraSnapshotQueryOptions(id: string, playing: boolean) {
  return queryOptions({
    queryKey: camerasKeys.snapshot(id),
    queryFn: ({ signal }) => fetchCameraSnapshot(id, signal),
    refetchInterval: playing ? SNAPSHOT_REFRESH_MS : false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * The camera's current image as an object URL (revoked when replaced or unmounted) and its blob
 * (for the screenshot). `enabled` is false for cameras without a snapshot URL or offline.
 */
export function useCameraSnapshot(id: string, { enabled, playing }: { enabled: boolean; playing: boolean }) {
  const query = useQuery({ ...cameraSnapshotQueryOptions(id, playing), enabled });
  const blob = enabled ? query.data : undefined;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return { url, blob, isError: enabled && query.isError, isPending: enabled && query.isPending };
}
