import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRadioKeys } from '@vigie/contract/radio.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKeys } from './keys';

export function getRadioKeys(signal?: AbortSignal) {
  return apiCall(listRadioKeys, { signal });
}

export function radioKeysQueryOptions() {
  return queryOptions({
    queryKey: radioKeys.keys,
    queryFn: ({ signal }) => getRadioKeys(signal),
  });
}

/** Keys of the radio gateways (administrators only; the secret itself is never listed). */
export function useRadioKeys() {
  return useQuery(radioKeysQueryOptions());
}
