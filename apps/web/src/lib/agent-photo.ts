import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { reportUnauthorized } from './api-client';
import { ApiError } from './api-errors';
import { agentPhotoKey } from './query-keys';
import { getToken } from './session';

// The photo URL is authenticated: an <img src> cannot send the bearer header, so the bytes are
// fetched here and shown as an object URL.

export async function fetchAgentPhoto(url: string, signal?: AbortSignal): Promise<Blob> {
  // Only our own API: the URL comes from the server, but never send the token elsewhere.
  if (!url.startsWith('/api/')) throw new ApiError(0, null, 'Adresse de photo invalide');
  const headers: Record<string, string> = { Accept: 'image/*' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, { headers, signal });
  if (response.status === 401) reportUnauthorized();
  if (!response.ok) throw new ApiError(response.status, null, 'Photo indisponible');
  return response.blob();
}

export function agentPhotoQueryOptions(url: string) {
  return queryOptions({
    queryKey: agentPhotoKey(url),
    queryFn: ({ signal }) => fetchAgentPhoto(url, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

/** An object URL of the agent's photo (revoked when replaced or unmounted), or null. */
export function useAgentPhoto(url: string | null | undefined): string | null {
  const query = useQuery({ ...agentPhotoQueryOptions(url ?? ''), enabled: Boolean(url) });
  const blob = url ? query.data : undefined;
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setObjectUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setObjectUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return objectUrl;
}
