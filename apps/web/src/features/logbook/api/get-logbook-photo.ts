import { useQuery } from '@tanstack/react-query';
import { getLogbookPhoto } from '@vigie/contract/logbook.contract';
import { apiBlob } from '../../../lib/api-client';
import { logbookKeys } from './keys';

/** A photo of an entry, as an object URL (its route needs the bearer header). */
export function useLogbookPhoto(photoId: string) {
  return useQuery({
    queryKey: logbookKeys.photo(photoId),
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await apiBlob(getLogbookPhoto, { params: { id: photoId }, signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
