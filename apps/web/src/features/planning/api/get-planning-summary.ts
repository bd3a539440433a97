import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPlanningSummary } from '@vigie/contract/planning.contract';
import { apiCall } from '../../../lib/api-client';
import { planningKeys } from './keys';

export function fetchPlanningSummary(date: string, signal?: AbortSignal) {
  return apiCall(getPlanningSummary, { signal, query: { date } });
}

export function planningSummaryQueryOptions(date: string) {
  return queryOptions({
    queryKey: planningKeys.summary(date),
    queryFn: ({ signal }) => fetchPlanningSummary(date, signal),
  });
}

/** Counters of the day: agents actifs, gardes en cours, gardes programmées, en congé. */
export function usePlanningSummary(date: string) {
  return useQuery({ ...planningSummaryQueryOptions(date), placeholderData: keepPreviousData });
}
