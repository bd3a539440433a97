import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createLogbookEntry, type createLogbookEntryBody } from '@vigie/contract/logbook.contract';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { logbookKey } from '../../../lib/query-keys';

export type CreateLogbookEntryInput = z.input<typeof createLogbookEntryBody>;

export function useCreateLogbookEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLogbookEntryInput) => apiCall(createLogbookEntry, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logbookKey }),
  });
}
