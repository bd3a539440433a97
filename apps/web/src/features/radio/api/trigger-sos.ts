import { useMutation, useQueryClient } from '@tanstack/react-query';
import { triggerSos } from '@vigie/contract/radio-traffic.contract';
import { apiCall } from '../../../lib/api-client';
import { radioKey, radioKeys } from './keys';

export type SosInput = { radioId: string; location?: { lat: number; lng: number } };

/** The SOS body: radio_id and location {lat, lng}; without a location, the radio's last one. */
export function postSos({ radioId, location }: SosInput) {
  return apiCall(triggerSos, { body: { radio_id: radioId, location } });
}

/** Raises a critical alert (and alarm); the answer carries the nearest available agents. */
export function useTriggerSos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSos,
    onSuccess: (alert) => {
      queryClient.setQueryData(radioKeys.alert(alert.id), alert);
      return queryClient.invalidateQueries({ queryKey: radioKey });
    },
  });
}
