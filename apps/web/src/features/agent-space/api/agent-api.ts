// The agent space's reads and its online-only actions. Keys sit under the logbook and guard tour
// roots, so that the real-time events (`logbook.created`, `tour.changed`) refresh them as they do
// the control room's pages; their second element starts with 'agent-' (kept for offline use).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createRound,
  listRounds,
  listTours,
  type Round,
  startRound,
} from '@vigie/contract/guard-tours.contract';
import { listLogbook, logbookHandover } from '@vigie/contract/logbook.contract';
import { apiCall, apiList } from '../../../lib/api-client';
import { guardToursKey, logbookKey } from '../../../lib/shared-query-keys';

/** The site's entries the phone shows (the newest): enough to read the night's story. */
export const AGENT_ENTRIES = 20;

export function handoverQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: [...logbookKey, 'agent-handover', siteId],
    queryFn: ({ signal }) => apiCall(logbookHandover, { signal, query: { siteId } }),
    enabled: siteId !== '',
  });
}
/** The site's latest relève entry (null when none was ever written). */
export const useHandover = (siteId: string) => useQuery(handoverQueryOptions(siteId));

export function siteEntriesQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: [...logbookKey, 'agent-entries', siteId],
    queryFn: async ({ signal }) =>
      (await apiList(listLogbook, { signal, query: { siteId, limit: AGENT_ENTRIES } })).items,
    enabled: siteId !== '',
  });
}
export const useSiteEntries = (siteId: string) => useQuery(siteEntriesQueryOptions(siteId));

/** Rounds in progress and planned (the server answers the company's; the page keeps the agent's). */
export function openRoundsQueryOptions() {
  return queryOptions({
    queryKey: [...guardToursKey, 'agent-rounds'],
    queryFn: async ({ signal }) => {
      const [running, planned] = await Promise.all([
        apiList(listRounds, { signal, query: { status: 'in_progress', limit: 50 } }),
        apiList(listRounds, { signal, query: { status: 'planned', limit: 50 } }),
      ]);
      return [...running.items, ...planned.items];
    },
    refetchInterval: 60_000,
  });
}
export const useOpenRounds = () => useQuery(openRoundsQueryOptions());

export function siteToursQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: [...guardToursKey, 'agent-tours', siteId],
    queryFn: async ({ signal }) =>
      (await apiList(listTours, { signal, query: { siteId, limit: 100 } })).items,
    enabled: siteId !== '',
  });
}
export const useSiteTours = (siteId: string) => useQuery(siteToursQueryOptions(siteId));

/**
 * « Démarrer la ronde »: a planned round is started, or a round of a tour is created and started
 * (the random order is drawn by the server at that moment: it needs the network).
 */
export function useStartRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { roundId: string } | { tourId: string }): Promise<Round> =>
      'roundId' in target
        ? apiCall(startRound, { params: { id: target.roundId } })
        : apiCall(createRound, { params: { id: target.tourId }, body: { start: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardToursKey }),
  });
}
