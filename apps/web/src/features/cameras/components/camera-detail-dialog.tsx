import type { Camera } from '@vigie/contract/cameras.contract';
import { cameraTypeLabels } from '@vigie/contract/cameras.contract';
import { Camera as CameraIcon, Check, Circle, Pause, Play, RotateCw, Square, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { CameraVideo } from '../../../components/video/camera-video';
import { RecordingList } from '../../../components/video/recording-list';
import {
  downloadRecording,
  useCameraRecordings,
  useCaptureStill,
  useStartClip,
  useStopClip,
} from '../../../components/video/recordings-api';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session';
import { useCameraSnapshot } from '../api/get-camera-snapshot';
import { featureKeys, featureLabels } from './camera-form-schema';
import { CameraSnapshotView } from './camera-snapshot-view';
import { CameraStatusBadge, isOnline } from './camera-status';
import { downloadCapture } from './capture';
import { PtzControls } from './ptz-controls';

type CameraDetailDialogProps = {
  camera: Camera | null;
  onOpenChange: (open: boolean) => void;
  timezone?: string;
};

function Info({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="break-all text-sm text-slate-200">{value}</dd>
    </div>
  );
}

function DetailBody({ camera, timezone }: { camera: Camera; timezone?: string }) {
  const online = isOnline(camera);
  const { user } = useSession();
  const [playing, setPlaying] = useState(true);
  const [rotation, setRotation] = useState(0);
  // A stream address: live video, stills and clips by the server; else the snapshot image.
  const video = camera.rtspUrl !== null;
  const canRecord = user?.role === 'admin' || user?.role === 'operator';
  const snapshot = useCameraSnapshot(camera.id, {
    enabled: !video && online && camera.snapshotUrl !== null,
    playing,
  });
  const recordings = useCameraRecordings(camera.id, video);
  const still = useCaptureStill();
  const start = useStartClip();
  const stop = useStopClip();
  const running = recordings.data?.find(
    (r) => r.kind === 'clip' && r.trigger === 'manual' && r.state === 'recording',
  );
  const canCapture = video
    ? online && canRecord && !still.isPending
    : online && snapshot.blob !== undefined && !snapshot.isError;

  useEffect(() => {
    if (!online) setPlaying(false);
  }, [online]);

  const capture = async () => {
    if (video) {
      still.mutate(camera.id, {
        onSuccess: async (r) => {
          toast.success(t("Capture d'écran enregistrée"), { description: camera.name });
          await downloadRecording(r).catch(() => undefined);
        },
        onError: (err) => toast.error(t("Capture d'écran impossible"), { description: errorMessage(err) }),
      });
      return;
    }
    if (!snapshot.blob) return;
    try {
      await downloadCapture(snapshot.blob, camera.name);
      toast.success(t("Capture d'écran enregistrée"), { description: camera.name });
    } catch {
      toast.error(t('Erreur'), { description: t("Impossible d'enregistrer la capture d'écran") });
    }
  };
  const toggleRecording = () => {
    if (running) {
      stop.mutate(running.id, {
        onSuccess: () => toast.success(t('Clip enregistré'), { description: camera.name }),
        onError: (err) => toast.error(t('Erreur'), { description: errorMessage(err) }),
      });
      return;
    }
    start.mutate(camera.id, {
      onSuccess: () =>
        toast.success(t('Enregistrement démarré'), {
          description: t('{name} · 10 minutes au plus', { name: camera.name }),
        }),
      onError: (err) => toast.error(t('Enregistrement impossible'), { description: errorMessage(err) }),
    });
  };
  const recordReason = !video
    ? t("Enregistrement : renseignez l'URL du flux de la caméra")
    : !canRecord
      ? t('Les agents peuvent regarder les caméras mais pas enregistrer')
      : undefined;

  return (
    <div className="flex flex-col gap-5">
      {video ? (
        <CameraVideo camera={camera} playing={playing} className="rounded-lg border border-ink-700" />
      ) : (
        <CameraSnapshotView
          camera={camera}
          url={snapshot.url}
          failed={snapshot.isError}
          rotation={rotation}
          playing={playing}
          className="rounded-lg border border-ink-700"
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={!online || playing} onClick={() => setPlaying(true)}>
          <Play aria-hidden="true" />
          {t('Lecture')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!online || !playing}
          onClick={() => setPlaying(false)}
        >
          <Pause aria-hidden="true" />
          {t('Pause')}
        </Button>
        {camera.type === 'ptz' && !video ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={!online}
            onClick={() => setRotation((r) => (r + 90) % 360)}
          >
            <RotateCw aria-hidden="true" />
            {t('Pivoter')}
          </Button>
        ) : null}
        {/* Wrapped so the reason shows on hover although the button is disabled. */}
        <span title={recordReason}>
          <Button
            variant={running ? 'danger' : 'secondary'}
            size="sm"
            disabled={!video || !canRecord || !online || start.isPending || stop.isPending}
            aria-describedby={recordReason ? 'camera-record-reason' : undefined}
            onClick={toggleRecording}
          >
            {running ? <Square aria-hidden="true" /> : <Circle aria-hidden="true" />}
            {running ? t("Arrêter l'enregistrement") : t('Enregistrer')}
          </Button>
          {recordReason ? (
            <span id="camera-record-reason" className="sr-only">
              {recordReason}
            </span>
          ) : null}
        </span>
        <Button variant="secondary" size="sm" disabled={!canCapture} onClick={() => void capture()}>
          <CameraIcon aria-hidden="true" />
          {t("Capture d'écran")}
        </Button>
      </div>
      <PtzControls camera={camera} />
      <div className="grid gap-5 md:grid-cols-[2fr_1fr]">
        <section className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-white">{t('Informations techniques')}</h3>
          <dl className="grid grid-cols-2 gap-3">
            <Info label={t('Site')} value={camera.siteName} />
            <Info label={t('Emplacement')} value={camera.location} />
            <Info label={t('Type')} value={t(cameraTypeLabels[camera.type])} />
            <Info label={t('Résolution')} value={camera.resolution} />
            <Info label={t('Adresse IP')} value={camera.ipAddress ?? '—'} />
            <Info
              label={t('Dernier ping')}
              value={camera.lastPing ? formatDateTime(camera.lastPing, timezone) : t('Jamais')}
            />
            <Info label={t('URL du flux')} value={camera.rtspUrl ?? '—'} />
            <Info label={t("URL de l'image")} value={camera.snapshotUrl ?? '—'} />
            <Info
              label={t('Identifiants du flux')}
              value={camera.hasCredentials ? t('Enregistrés') : t('Aucun')}
            />
          </dl>
        </section>
        <section className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-white">{t('Fonctionnalités')}</h3>
          <ul className="flex flex-col gap-2">
            {featureKeys.map((key) => (
              <li key={key} className="flex items-center gap-2 text-sm text-slate-200">
                {camera[key] ? (
                  <Check aria-hidden="true" className="size-4 text-emerald-400" />
                ) : (
                  <X aria-hidden="true" className="size-4 text-fg-muted" />
                )}
                {t(featureLabels[key])}
                <span className="sr-only">{camera[key] ? t(': activée') : t(': désactivée')}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      {video ? (
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-white">{t('Captures et clips')}</h3>
          <p className="text-xs text-fg-muted">
            {t(
              'Pris par le serveur dans le flux de la caméra, avec leur empreinte SHA-256 ; conservés un mois au plus.',
            )}
          </p>
          {recordings.data ? <RecordingList recordings={recordings.data} timezone={timezone} /> : null}
        </section>
      ) : null}
    </div>
  );
}

/** 'Voir': live video (or image), Lecture/Pause, PTZ, capture and clips, technical information and feature flags. */
export function CameraDetailDialog({ camera, onOpenChange, timezone }: CameraDetailDialogProps) {
  return (
    <Dialog open={camera !== null} onOpenChange={onOpenChange}>
      {camera ? (
        <DialogContent
          size="xl"
          title={camera.name}
          description={
            <span className="flex flex-wrap items-center gap-2">
              {camera.siteName} · {camera.location} <CameraStatusBadge camera={camera} />
            </span>
          }
        >
          <DetailBody camera={camera} timezone={timezone} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
