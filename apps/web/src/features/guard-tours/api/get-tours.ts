import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTours } from '@vigie/contract/guard-tours.contract';
import { apiAll } from '../../../lib/api-client';
import { guardToursKeys } from './keys';

export function toursQueryOptions() {
  return queryOptions({
    queryKey: guardToursKeys.tours,
    // Every circuit, page after page (a big company's past the first 500 too).
    queryFn: ({ signal }) => apiAll(listTours, { signal, query: { limit: 500 } }),
  });
}
export const useTours = () => useQuery(toursQueryOptions());
