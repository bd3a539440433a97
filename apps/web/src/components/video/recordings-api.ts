import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alarmRecordings,
  captureStill,
  liftLegalHold,
  listCameraRecordings,
  type Recording,
  setLegalHold,
  startClip,
  stopClip,
} from '@vigie/contract/camera-video.contract';
import { apiCall } from '../../lib/api-client';
import { fetchNamedFile, saveBlob } from '../../lib/download';
import { t } from '../../lib/i18n/i18n';

/** Stills and clips, outside the cameras root: a camera's status event does not refetch them. */
export const recordingsKeys = {
  camera: (id: string) => ['camera-recordings', id] as const,
  alarm: (id: string) => ['alarm-recordings', id] as const,
};

export function useCameraRecordings(cameraId: string, enabled = true) {
  return useQuery({
    queryKey: recordingsKeys.camera(cameraId),
    queryFn: ({ signal }) => apiCall(listCameraRecordings, { params: { id: cameraId }, signal }),
    enabled,
    // A clip recording is followed until it ends.
    refetchInterval: (q) => (q.state.data?.some((r) => r.state === 'recording') ? 2000 : false),
  });
}

export function useAlarmRecordings(alarmId: string) {
  return useQuery({
    queryKey: recordingsKeys.alarm(alarmId),
    queryFn: ({ signal }) => apiCall(alarmRecordings, { params: { id: alarmId }, signal }),
    refetchInterval: (q) => (q.state.data?.some((r) => r.state === 'recording') ? 3000 : false),
  });
}

function useRecordingMutation<V>(fn: (v: V) => Promise<Recording>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      void client.invalidateQueries({ queryKey: recordingsKeys.camera(r.cameraId) });
      if (r.alarmId) void client.invalidateQueries({ queryKey: recordingsKeys.alarm(r.alarmId) });
    },
  });
}

export const useCaptureStill = () =>
  useRecordingMutation((cameraId: string) => apiCall(captureStill, { params: { id: cameraId } }));
export const useStartClip = () =>
  useRecordingMutation((cameraId: string) => apiCall(startClip, { params: { id: cameraId }, body: null }));
export const useStopClip = () =>
  useRecordingMutation((recordingId: string) => apiCall(stopClip, { params: { id: recordingId } }));
export const useLegalHold = () =>
  useRecordingMutation(({ id, reason }: { id: string; reason: string | null }) =>
    reason === null
      ? apiCall(liftLegalHold, { params: { id } })
      : apiCall(setLegalHold, { params: { id }, body: { reason } }),
  );

export async function downloadRecording(r: Recording) {
  const { blob, name } = await fetchNamedFile(
    `/api/cameras/recordings/${r.id}/file`,
    t('Téléchargement impossible'),
  );
  // The server names the file (camera, UTC time); the fallback only if a proxy drops the header.
  saveBlob(
    blob,
    name ?? `${r.kind === 'still' ? 'capture' : 'clip'}-${r.id}.${r.kind === 'still' ? 'jpg' : 'mp4'}`,
  );
}
