import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listShifts, type ShiftStatus } from '@vigie/contract/planning.contract';
import { apiCall } from '../../../lib/api-client';
import { planningKeys } from './keys';

/** `from` and `to` are local days (YYYY-MM-DD), both included. */
export type ShiftFilters = {
  from?: string;
  to?: string;
  siteId?: string;
  agentId?: string;
  status?: ShiftStatus;
};

function normalize(filters: ShiftFilters): ShiftFilters {
  const out: ShiftFilters = {};
  for (const key of ['from', 'to', 'siteId', 'agentId', 'status'] as const) {
    const value = filters[key];
    if (value) Object.assign(out, { [key]: value });
  }
  return out;
}

export function getShifts(filters: ShiftFilters, signal?: AbortSignal) {
  return apiCall(listShifts, { signal, query: { limit: 500, ...filters } });
}

export function shiftsQueryOptions(input: ShiftFilters = {}) {
  const filters = normalize(input);
  return queryOptions({
    queryKey: planningKeys.shifts(filters),
    queryFn: ({ signal }) => getShifts(filters, signal),
  });
}

export function useShifts(filters: ShiftFilters = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...shiftsQueryOptions(filters), placeholderData: keepPreviousData, ...options });
}

/** The shifts that start on one local day. */
export function useDayShifts(day: string) {
  return useShifts({ from: day, to: day });
}
