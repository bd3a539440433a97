import { useQuery } from '@tanstack/react-query';
import { getCamera } from '@vigie/contract/cameras.contract';
import { apiCall } from '../../lib/api-client';
import { t } from '../../lib/i18n/i18n';
import { CameraVideo } from './camera-video';
import { RecordingList } from './recording-list';
import { useAlarmRecordings } from './recordings-api';

/**
 * An alarm's video, next to its timeline: the live picture of its camera (or of the first camera
 * that recorded it) for the operator verifying it, and the clips recorded when it went off.
 */
export function AlarmVideo({
  alarmId,
  cameraId,
  timezone,
}: {
  alarmId: string;
  cameraId: string | null;
  timezone?: string;
}) {
  const clips = useAlarmRecordings(alarmId);
  const liveId = cameraId ?? clips.data?.[0]?.cameraId ?? null;
  const camera = useQuery({
    queryKey: ['alarm-camera', liveId],
    queryFn: ({ signal }) => apiCall(getCamera, { params: { id: liveId as string }, signal }),
    enabled: liveId !== null,
    retry: false,
  });
  if (liveId === null && (clips.data?.length ?? 0) === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-label={t("Vidéo de l'alarme")}>
      <h3 className="text-sm font-semibold text-white">{t('Vidéo')}</h3>
      {camera.data?.rtspUrl ? (
        <div className="flex flex-col gap-1">
          <CameraVideo camera={camera.data} playing className="rounded-lg border border-ink-700" />
          <p className="text-xs text-fg-muted">{t('En direct : {name}', { name: camera.data.name })}</p>
        </div>
      ) : null}
      {clips.data && clips.data.length > 0 ? (
        <RecordingList recordings={clips.data} timezone={timezone} />
      ) : (
        <p className="text-sm text-fg-muted">{t('Aucun clip enregistré pour cette alarme.')}</p>
      )}
    </section>
  );
}
