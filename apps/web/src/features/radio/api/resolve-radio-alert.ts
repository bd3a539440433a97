import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resolveRadioAlert } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKey } from './keys';

export function postResolveRadioAlert({ id, note }: { id: string; note?: string }) {
  return apiCall(resolveRadioAlert, { params: { id }, body: note ? { note } : {} });
}

/** 'Clore': the alert leaves the emergency card. */
export function useResolveRadioAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postResolveRadioAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: radioKey }),
  });
}
