import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dispatchRadioAlert } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKey, radioKeys } from './keys';

export function postDispatch({ id, agentId }: { id: string; agentId: string }) {
  return apiCall(dispatchRadioAlert, { params: { id }, body: { agentId } });
}

/** Sends an agent to the alert (it counts as its handling for the response time). */
export function useDispatchRadioAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDispatch,
    onSuccess: (alert) => {
      queryClient.setQueryData(radioKeys.alert(alert.id), alert);
      return queryClient.invalidateQueries({ queryKey: radioKey });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: radioKey }),
  });
}
