import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acknowledgeRadioAlert } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKey } from './keys';

export function postAcknowledgeRadioAlert(id: string) {
  return apiCall(acknowledgeRadioAlert, { params: { id } });
}

/** 'Prendre en compte'; a 409 (another operator got there first) refreshes the alert as it is. */
export function useAcknowledgeRadioAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAcknowledgeRadioAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: radioKey }),
  });
}
