import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { listAudit } from '@vigie/contract/audit.contract';
import { apiList } from '../../../lib/api-client';
import { settingsKeys } from './keys';

/** Entries per page ('Afficher plus' asks the server for the next one). */
export const AUDIT_PAGE_SIZE = 50;

export type AuditFilters = {
  search?: string;
  /** Actions starting with this text ('alarm.' for every alarm action). */
  action?: string;
  /** Local days (YYYY-MM-DD) in the user's timezone, both included. */
  from?: string;
  to?: string;
};

function normalize(filters: AuditFilters): AuditFilters {
  const out: AuditFilters = {};
  for (const key of ['search', 'action', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) out[key] = value;
  }
  return out;
}

export function getAudit(filters: AuditFilters, cursor: string | undefined, signal?: AbortSignal) {
  return apiList(listAudit, {
    signal,
    query: { limit: AUDIT_PAGE_SIZE, ...filters, ...(cursor ? { cursor } : {}) },
  });
}

export function auditQueryOptions(input: AuditFilters = {}) {
  const filters = normalize(input);
  return infiniteQueryOptions({
    queryKey: settingsKeys.audit(filters),
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Journal d'audit, newest first, filtered server-side, one keyset page at a time. */
export function useAudit(filters: AuditFilters = {}) {
  return useInfiniteQuery({ ...auditQueryOptions(filters), placeholderData: keepPreviousData });
}

export { normalize as normalizeAuditFilters };
