// The interventions' calls, shared by the control room's dispatch panel (alarm details, map) and
// the agent space's card: the keys sit under lib/query-keys' `interventionsKey`, which the event
// stream refreshes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptIntervention,
  cancelIntervention,
  createIntervention,
  enRouteIntervention,
  finishIntervention,
  getCurrentIntervention,
  getLocationConsent,
  type InterventionDetail,
  listInterventionCandidates,
  listInterventions,
  onSiteIntervention,
  type PhonePositionInput,
  proposeIntervention,
  putLocationConsent,
  refuseIntervention,
  reportDutyPosition,
} from '@vigie/contract/interventions.contract';
import { apiCall } from '../../lib/api-client';
import { interventionsKey } from '../../lib/query-keys';
import { useRealtimeLive } from '../../lib/use-realtime-live';

export const interventionsKeys = {
  candidates: (target: { alarmId?: string; siteId?: string }) =>
    [...interventionsKey, 'candidates', target.alarmId ?? '', target.siteId ?? ''] as const,
  of: (target: { alarmId?: string; siteId?: string }) =>
    [...interventionsKey, 'of', target.alarmId ?? '', target.siteId ?? ''] as const,
  running: [...interventionsKey, 'running'] as const,
  current: [...interventionsKey, 'current'] as const,
  consent: [...interventionsKey, 'consent'] as const,
};

/** The agents on duty nearest to the alarm's (or the site's) place; re-read every 30 s while open. */
export function useCandidates(target: { alarmId?: string; siteId?: string }, enabled = true) {
  return useQuery({
    queryKey: interventionsKeys.candidates(target),
    queryFn: ({ signal }) =>
      apiCall(listInterventionCandidates, {
        query: { ...(target.alarmId ? { alarmId: target.alarmId } : { siteId: target.siteId }), limit: 8 },
        signal,
      }),
    enabled: enabled && Boolean(target.alarmId || target.siteId),
    refetchInterval: 30_000,
  });
}

/** The alarm's (or the site's) interventions, newest first (the running one on top). */
export function useInterventionsOf(target: { alarmId?: string; siteId?: string }) {
  return useQuery({
    queryKey: interventionsKeys.of(target),
    queryFn: ({ signal }) =>
      apiCall(listInterventions, {
        query: { ...(target.alarmId ? { alarmId: target.alarmId } : { siteId: target.siteId }), limit: 20 },
        signal,
      }),
    enabled: Boolean(target.alarmId || target.siteId),
    // The clocks move without events: a light poll keeps « il y a » and the late badge true.
    refetchInterval: 15_000,
  });
}

/**
 * Every running intervention of the company (the control room's list): `intervention.changed`
 * refreshes it through `interventionsKey`; the clocks tick on the client, so it polls only while
 * the event stream is down.
 */
export function useRunningInterventions() {
  const live = useRealtimeLive();
  return useQuery({
    queryKey: interventionsKeys.running,
    queryFn: ({ signal }) =>
      // 500 is the list's ceiling: far above what one control room runs at once.
      apiCall(listInterventions, { query: { state: 'running', limit: 500 }, signal }),
    refetchInterval: live ? false : 15_000,
  });
}

export function useInvalidateInterventions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: interventionsKey });
}

export function usePropose() {
  const invalidate = useInvalidateInterventions();
  return useMutation({
    mutationFn: (v: { alarmId?: string; siteId?: string; agentId: string; interventionId?: string }) =>
      v.interventionId
        ? apiCall(proposeIntervention, { params: { id: v.interventionId }, body: { agentId: v.agentId } })
        : apiCall(createIntervention, {
            body: { ...(v.alarmId ? { alarmId: v.alarmId } : { siteId: v.siteId }), agentId: v.agentId },
          }),
    onSettled: invalidate,
  });
}

export function useCancelIntervention() {
  const invalidate = useInvalidateInterventions();
  return useMutation({
    mutationFn: (v: { id: string; reason?: string }) =>
      apiCall(cancelIntervention, { params: { id: v.id }, body: { reason: v.reason } }),
    onSettled: invalidate,
  });
}

// ---- The agent's side.

/** The agent's running intervention; re-read every 15 s as a fallback to the notifications. */
export function useCurrentIntervention(enabled = true) {
  return useQuery({
    queryKey: interventionsKeys.current,
    queryFn: ({ signal }) => apiCall(getCurrentIntervention, { signal }),
    enabled,
    refetchInterval: 15_000,
  });
}

export type AgentStep =
  | { kind: 'accept' | 'en_route'; position: PhonePositionInput | null }
  | { kind: 'refuse'; reason: string; position: PhonePositionInput | null }
  | { kind: 'on_site'; position: PhonePositionInput | null; checkpoint: boolean }
  | { kind: 'finish'; report: string; photos: string[]; position: PhonePositionInput | null };

export function useAgentStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: AgentStep): Promise<InterventionDetail> => {
      const params = { id };
      switch (s.kind) {
        case 'accept':
          return apiCall(acceptIntervention, { params, body: { position: s.position } });
        case 'en_route':
          return apiCall(enRouteIntervention, { params, body: { position: s.position } });
        case 'refuse':
          return apiCall(refuseIntervention, { params, body: { reason: s.reason, position: s.position } });
        case 'on_site':
          return apiCall(onSiteIntervention, {
            params,
            body: { position: s.position, checkpoint: s.checkpoint },
          });
        case 'finish':
          return apiCall(finishIntervention, {
            params,
            body: { report: s.report, photos: s.photos, position: s.position },
          });
      }
    },
    onSuccess: (detail) => {
      const running = ['proposed', 'accepted', 'en_route', 'on_site'].includes(detail.state);
      queryClient.setQueryData(interventionsKeys.current, { intervention: running ? detail : null });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: interventionsKey }),
  });
}

export function useLocationConsent(enabled = true) {
  return useQuery({
    queryKey: interventionsKeys.consent,
    queryFn: ({ signal }) => apiCall(getLocationConsent, { signal }),
    enabled,
  });
}

export function useSetLocationConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consented: boolean) => apiCall(putLocationConsent, { body: { consented } }),
    onSuccess: (c) => queryClient.setQueryData(interventionsKeys.consent, c),
  });
}

export const sendDutyPosition = (p: PhonePositionInput) => apiCall(reportDutyPosition, { body: p });
