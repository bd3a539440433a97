import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AlarmFile,
  type AppendAlarmFileEntryBody,
  appendAlarmFileEntry,
  getAlarmFile,
  getAlarmFileSignature,
  markAlarmShown,
  signAlarmFile,
  verifyAlarmFile,
} from '@vigie/contract/alarm-file.contract';
import { listCameras } from '@vigie/contract/cameras.contract';
import { apiBlob, apiCall } from '../../../lib/api-client';
import { fetchNamedFile, saveBlob } from '../../../lib/download';
import { t } from '../../../lib/i18n/i18n';
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

/** The drawn signature closing a resolved file (once); the answer is the file as it now is. */
export function useSignFile(alarmId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (signature: string) =>
      apiCall(signAlarmFile, { params: { id: alarmId }, body: { signature } }),
    onSuccess: (file: AlarmFile) => client.setQueryData(fileKey(alarmId), file),
    // A 409 (signed meanwhile by someone else): show the file as it now is.
    onError: () => client.invalidateQueries({ queryKey: fileKey(alarmId) }),
  });
}

/** The file's signature image, as an object URL (its route needs the bearer header). */
export function useFileSignatureImage(alarmId: string, enabled: boolean) {
  return useQuery({
    // Outside the alarms root: the alarms' events (which refetch that root) need not load it again.
    queryKey: ['alarm-file-signature', alarmId],
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await apiBlob(getAlarmFileSignature, { params: { id: alarmId }, signal })),
    // A file is signed once: its image never changes.
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** The public check of a printed file's fingerprint (no session: the QR code's page). */
export function useAlarmFileVerification(fingerprint: string) {
  return useQuery({
    queryKey: ['alarm-file-verification', fingerprint],
    queryFn: ({ signal }) =>
      apiCall(verifyAlarmFile, { signal, params: { fingerprint }, ignoreUnauthorized: true }),
    retry: false,
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
    t("Impossible de télécharger le dossier de l'alarme"),
  );
  saveBlob(blob, name ?? 'dossier-alarme.pdf');
}
