import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSystemSettings } from '@vigie/contract/settings.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function fetchSystemSettings(signal?: AbortSignal) {
  return apiCall(getSystemSettings, { signal });
}

export function systemSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.system,
    queryFn: ({ signal }) => fetchSystemSettings(signal),
  });
}

/** Backups, log level and maintenance mode. */
export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions());
}
