import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AlarmFile,
  type AppendAlarmFileEntryBody,
  appendAlarmFileEntry,
  getAlarmFile,
  markAlarmShown,
} from '@vigie/contract/alarm-file.contract';
import { listCameras } from '@vigie/contract/cameras.contract';
import { apiCall } from '../../../lib/api-client';
import { fetchNamedFile, saveBlob } from '../../../lib/download';
import { alarmsKey, alarmsKeys } from './keys';

/** Under the alarms root: an alarm.updated event (a file entry pushes one) refetches it. */
const fileKey = (id: string) => [...alarmsKeys.detail(id), 'file'] as const;

export function useAlarmFile(alarmId: string, enabled = true) {
  return useQuery({
    queryKey: fileKey(alarmId),
    queryFn: ({ signal }) => apiCall(getAlarmFile, { params: { id: alarmId }, signal }),
    enabled,
  });
}

export function useAppendFileEntry(alarmId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppendAlarmFileEntryBody) =>
      apiCall(appendAlarmFileEntry, { params: { id: alarmId }, body }),
    onSuccess: (file: AlarmFile) => client.setQueryData(fileKey(alarmId), file),
    // A 409 (resolved meanwhile): show the alarm and its file as they now are.
    onError: () => client.invalidateQueries({ queryKey: alarmsKey }),
  });
}

/** The first opening of the details by an operator (the server keeps only the first). */
export function useMarkShown(alarmId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(markAlarmShown, { params: { id: alarmId } }),
    onSuccess: (file: AlarmFile) => client.setQueryData(fileKey(alarmId), file),
  });
}

/** The site's cameras, for the « Vidéo consultée » entry. */
export function useSiteCameras(siteId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['alarm-file-cameras', siteId],
    queryFn: ({ signal }) => apiCall(listCameras, { query: { siteId, limit: 100 }, signal }),
    enabled,
  });
}

export async function downloadFilePdf(alarmId: string) {
  const { blob, name } = await fetchNamedFile(
    `/api/alarms/${alarmId}/file.pdf`,
    "Impossible de télécharger le dossier de l'alarme",
  );
  saveBlob(blob, name ?? 'dossier-alarme.pdf');
}
