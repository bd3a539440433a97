import { useQuery } from '@tanstack/react-query';
import { getLogbookPhoto } from '@vigie/contract/logbook.contract';
import { apiBlob } from '../../../lib/api-client';
import { agentSpaceKeys } from './keys';

/** A photo of an entry, as an object URL (its route needs the bearer header). */
export function useEntryPhoto(photoId: string) {
  return useQuery({
    queryKey: agentSpaceKeys.entryPhoto(photoId),
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await apiBlob(getLogbookPhoto, { params: { id: photoId }, signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
