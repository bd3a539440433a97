import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPanelReceiver } from '@vigie/contract/panels.contract';
import { apiCall } from '../../../lib/api-client';
import { panelsKeys } from './keys';

/** The receiver's state changes rarely (a port that cannot be bound): read again each minute. */
export const RECEIVER_POLL_MS = 60_000;

export function panelReceiverQueryOptions() {
  return queryOptions({
    queryKey: panelsKeys.receiver,
    queryFn: ({ signal }) => apiCall(getPanelReceiver, { signal }),
    refetchInterval: RECEIVER_POLL_MS,
  });
}

/** Where installers point the panels: address, port, the company's line prefix, the receiver's state. */
export function usePanelReceiver() {
  return useQuery(panelReceiverQueryOptions());
}
