import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTwoFactor } from '@vigie/contract/me.contract';
import { apiCall } from '../../../lib/api-client';
import { settingsKeys } from './keys';

export function fetchTwoFactor(signal?: AbortSignal) {
  return apiCall(getTwoFactor, { signal });
}

export function twoFactorQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.twoFactor, queryFn: ({ signal }) => fetchTwoFactor(signal) });
}

/** Whether the user's two-factor sign-in is on, required by the company, and its codes left. */
export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}
