import { useMutation, useQuery } from '@tanstack/react-query';
import {
  gotoCameraPtzPreset,
  listCameraPtzPresets,
  moveCameraPtz,
  type PtzMoveBody,
} from '@vigie/contract/camera-ptz.contract';
import { apiCall } from '../../../lib/api-client';

/**
 * A camera's presets, read on the camera by the server: outside the cameras root, so that a status
 * event or a camera saved does not ask the camera again.
 */
export const cameraPtzKeys = {
  presets: (id: string) => ['camera-ptz-presets', id] as const,
};

export function getPtzPresets(id: string, signal?: AbortSignal) {
  return apiCall(listCameraPtzPresets, { params: { id }, signal });
}

/** `enabled` is false for a camera that cannot be turned (offline, no ONVIF address, an agent). */
export function usePtzPresets(id: string, enabled: boolean) {
  return useQuery({
    queryKey: cameraPtzKeys.presets(id),
    queryFn: ({ signal }) => getPtzPresets(id, signal),
    enabled,
    // Presets change when someone stores one on the camera: a minute is fresh enough.
    staleTime: 60_000,
    retry: false,
  });
}

export function postPtzMove({ id, body }: { id: string; body: PtzMoveBody }) {
  return apiCall(moveCameraPtz, { params: { id }, body });
}

/** A continuous move for the body's duration (half a second by default), then stop. */
export function useMovePtz() {
  return useMutation({ mutationFn: postPtzMove });
}

export function postPtzGoto({ id, token }: { id: string; token: string }) {
  return apiCall(gotoCameraPtzPreset, { params: { id, token } });
}

export function useGotoPtzPreset() {
  return useMutation({ mutationFn: postPtzGoto });
}
