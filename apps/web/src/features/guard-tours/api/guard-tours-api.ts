import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createTour,
  type createTourBody,
  deleteTour,
  getTourStats,
  listRounds,
  listTours,
  regenerateCheckpointLabel,
  updateTour,
  type updateTourBody,
} from '@vigie/contract/guard-tours.contract';
import { listSites } from '@vigie/contract/sites.contract';
import type { z } from 'zod';
import { apiAll, apiCall, apiList } from '../../../lib/api-client';
import { fetchFile, saveBlob } from '../../../lib/download';
import { guardToursKey } from '../../../lib/shared-query-keys';

export type TourInput = z.input<typeof createTourBody>;
export type TourUpdate = z.input<typeof updateTourBody>;

export function toursQueryOptions() {
  return queryOptions({
    queryKey: [...guardToursKey, 'tours'],
    // Every circuit, page after page (a big company's past the first 500 too).
    queryFn: ({ signal }) => apiAll(listTours, { signal, query: { limit: 500 } }),
  });
}
export const useTours = () => useQuery(toursQueryOptions());

/** Rounds in progress and planned, and the last finished ones. */
export function roundsQueryOptions(status: 'in_progress' | 'planned' | 'done' | 'missed') {
  return queryOptions({
    queryKey: [...guardToursKey, 'rounds', status],
    queryFn: ({ signal }) => apiList(listRounds, { signal, query: { status, limit: 50 } }),
    refetchInterval: 60_000,
  });
}
export const useRounds = (status: 'in_progress' | 'planned' | 'done' | 'missed') =>
  useQuery(roundsQueryOptions(status));

export function statsQueryOptions() {
  return queryOptions({
    queryKey: [...guardToursKey, 'stats'],
    queryFn: ({ signal }) => apiCall(getTourStats, { signal, query: {} }),
  });
}
export const useTourStats = () => useQuery(statsQueryOptions());

// Features never import each other: the tour form reads the sites through its own call.
export function useTourSites() {
  return useQuery({
    queryKey: [...guardToursKey, 'sites'],
    queryFn: ({ signal }) => apiAll(listSites, { signal, query: { limit: 500 } }),
    staleTime: 60_000,
  });
}

export function useSaveTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string | null; body: TourInput }) =>
      v.id
        ? apiCall(updateTour, { params: { id: v.id }, body: v.body })
        : apiCall(createTour, { body: v.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardToursKey }),
  });
}

export function useDeleteTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(deleteTour, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardToursKey }),
  });
}

/** A checkpoint's new label: the printed one is refused from now on (the answer is the tour). */
export function useRegenerateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { tourId: string; checkpointId: string }) =>
      apiCall(regenerateCheckpointLabel, { params: { id: v.tourId, checkpointId: v.checkpointId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guardToursKey }),
  });
}

/** The printable labels (PDF), saved as a file. */
export async function downloadLabels(id: string, name: string) {
  const blob = await fetchFile(`/api/tours/${id}/labels.pdf`, 'Impossible de générer les étiquettes');
  saveBlob(blob, `etiquettes-${name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60)}.pdf`);
}
