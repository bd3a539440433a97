import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchFile } from '../../../lib/download';
import { settingsKeys } from './keys';

/** The logo's bytes (the identity answers where to fetch them, with the session). */
export function fetchLogo(url: string) {
  return fetchFile(url, 'Impossible de charger le logo');
}

export function logoQueryOptions(url: string | null) {
  return queryOptions({
    queryKey: settingsKeys.logoAt(url),
    queryFn: () => fetchLogo(url as string),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLogo(url: string | null) {
  return useQuery(logoQueryOptions(url));
}
