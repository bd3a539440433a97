import { queryOptions, useQuery } from '@tanstack/react-query';
import { listIntegrationKeys } from '@vigie/contract/integrations.contract';
import { apiCall } from '../../../lib/api-client';
import { integrationsKeys } from './keys';

export function getIntegrationKeys(signal?: AbortSignal) {
  return apiCall(listIntegrationKeys, { signal });
}

export function integrationKeysQueryOptions() {
  return queryOptions({
    queryKey: integrationsKeys.list,
    queryFn: ({ signal }) => getIntegrationKeys(signal),
  });
}

export function useIntegrationKeys() {
  return useQuery(integrationKeysQueryOptions());
}
