import { queryOptions, useQuery } from '@tanstack/react-query';
import { listIntegrationKeys } from '@vigie/contract/integrations.contract';
import { apiCall } from '../../../lib/api-client';

/** Root of the integration keys query keys: mutations invalidate it. */
export const integrationKeysKey = ['integration-keys'] as const;

export function getIntegrationKeys(signal?: AbortSignal) {
  return apiCall(listIntegrationKeys, { signal });
}

export function integrationKeysQueryOptions() {
  return queryOptions({
    queryKey: [...integrationKeysKey, 'list'],
    queryFn: ({ signal }) => getIntegrationKeys(signal),
  });
}

export function useIntegrationKeys() {
  return useQuery(integrationKeysQueryOptions());
}
