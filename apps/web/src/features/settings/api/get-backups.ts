import { queryOptions, useQuery } from '@tanstack/react-query';
import { listBackups } from '@vigie/contract/settings.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function fetchBackups(signal?: AbortSignal) {
  return apiCall(listBackups, { signal });
}

export function backupsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.backups, queryFn: ({ signal }) => fetchBackups(signal) });
}

/** The backups the server keeps (newest first) and whether this administrator may use them. */
export function useBackups() {
  return useQuery(backupsQueryOptions());
}
