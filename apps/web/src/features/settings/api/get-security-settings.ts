import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSecuritySettings } from '@vigie/contract/settings.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function fetchSecuritySettings(signal?: AbortSignal) {
  return apiCall(getSecuritySettings, { signal });
}

export function securitySettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.security,
    queryFn: ({ signal }) => fetchSecuritySettings(signal),
  });
}

/** The company's two-factor rule, session timeout, auto-logout, IP allowlist, password expiry. */
export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}
