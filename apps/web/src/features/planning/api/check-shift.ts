import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { checkShift, type checkShiftBody } from '@vigie/contract/planning.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { planningKeys } from './keys';

export type CheckShiftBody = z.input<typeof checkShiftBody>;

export function postShiftCheck(body: CheckShiftBody, signal?: AbortSignal) {
  return apiCall(checkShift, { body, signal });
}

/**
 * A dry run with no side effect, read like a query: under the 'planning' root so that a shift
 * saved elsewhere (or by another operator) checks the form again.
 */
export function shiftCheckQueryOptions(body: CheckShiftBody) {
  return queryOptions({
    queryKey: planningKeys.check(body),
    queryFn: ({ signal }) => postShiftCheck(body, signal),
    retry: false,
    staleTime: 0,
  });
}

/** The working-time rules the shift would break, before saving (`body` null: form not valid yet). */
export function useShiftCheck(body: CheckShiftBody | null) {
  return useQuery({
    ...shiftCheckQueryOptions(body ?? ({} as CheckShiftBody)),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
