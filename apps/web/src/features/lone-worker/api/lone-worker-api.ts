import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acknowledgeLoneWorkerAlert,
  checkInLoneWorker,
  getCurrentLoneWorker,
  type LoneWorkerPositionInput,
  listLoneWorkerAlerts,
  listMyLoneWorkerPositions,
  reportLoneWorkerPosition,
  startLoneWorker,
  stopLoneWorker,
  triggerLoneWorkerSos,
} from '@vigie/contract/lone-worker.contract';
import { apiCall, apiList } from '../../../lib/api-client';
import { useRealtimeLive } from '../../../lib/use-realtime-live';
import { loneWorkerKey } from './lone-worker-key';

const currentKey = [...loneWorkerKey, 'current'] as const;

/** The agent's protection running now (null when off); re-read every 30 s while it runs. */
export function useCurrentProtection(enabled = true) {
  return useQuery({
    queryKey: currentKey,
    queryFn: ({ signal }) => apiCall(getCurrentLoneWorker, { signal }),
    enabled,
    refetchInterval: (q) => (q.state.data?.session ? 30_000 : false),
  });
}

export function useStartProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { intervalMinutes: number; position: LoneWorkerPositionInput | null }) =>
      apiCall(startLoneWorker, { body }),
    onSuccess: (session) => {
      queryClient.setQueryData(currentKey, { session });
      void queryClient.invalidateQueries({ queryKey: loneWorkerKey });
    },
  });
}

export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; position: LoneWorkerPositionInput | null }) =>
      apiCall(checkInLoneWorker, { params: { id: v.id }, body: { position: v.position } }),
    onSuccess: (session) => {
      queryClient.setQueryData(currentKey, { session });
      void queryClient.invalidateQueries({ queryKey: loneWorkerKey });
    },
    // A protection ended meanwhile (shift over): read what the server holds.
    onError: () => queryClient.invalidateQueries({ queryKey: loneWorkerKey }),
  });
}

export function useStopProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(stopLoneWorker, { params: { id } }),
    onSettled: () => {
      queryClient.setQueryData(currentKey, { session: null });
      void queryClient.invalidateQueries({ queryKey: loneWorkerKey });
    },
  });
}

/** The phone's position while the protection runs; a failure is left to the next one. */
export function reportPosition(id: string, position: LoneWorkerPositionInput) {
  return apiCall(reportLoneWorkerPosition, { params: { id }, body: { position } });
}

export function useMyPositions(enabled: boolean) {
  return useQuery({
    queryKey: [...loneWorkerKey, 'positions'],
    queryFn: ({ signal }) => apiList(listMyLoneWorkerPositions, { signal, query: { limit: 50 } }),
    enabled,
  });
}

export function useSos() {
  return useMutation({
    mutationFn: (position: LoneWorkerPositionInput | null) =>
      apiCall(triggerLoneWorkerSos, { body: { position } }),
  });
}

/** The control room's active alerts: pushed by the event stream, polled while it is down. */
export function useActiveLoneWorkerAlerts(enabled: boolean) {
  const live = useRealtimeLive();
  return useQuery({
    queryKey: [...loneWorkerKey, 'alerts', 'active'],
    queryFn: ({ signal }) =>
      apiCall(listLoneWorkerAlerts, { signal, query: { status: 'active', limit: 50 } }),
    enabled,
    refetchInterval: live ? 60_000 : 10_000,
    placeholderData: keepPreviousData,
  });
}

export function useAcknowledgeLoneWorkerAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(acknowledgeLoneWorkerAlert, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loneWorkerKey }),
  });
}
