import { queryOptions, useQuery } from '@tanstack/react-query';
import { getIdentitySettings } from '@vigie/contract/settings.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function fetchIdentitySettings(signal?: AbortSignal) {
  return apiCall(getIdentitySettings, { signal });
}

export function identitySettingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.identity,
    queryFn: ({ signal }) => fetchIdentitySettings(signal),
  });
}

/** What the documents print: legal name, address, SIRET, CNAPS authorisation, logo. */
export function useIdentitySettings() {
  return useQuery(identitySettingsQueryOptions());
}
