import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile } from '@vigie/contract/me.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function fetchProfile(signal?: AbortSignal) {
  return apiCall(getProfile, { signal });
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.profile, queryFn: ({ signal }) => fetchProfile(signal) });
}

/** Paramètres · Profil utilisateur: name, e-mail, phone, company, language, timezone. */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
