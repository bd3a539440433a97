import type { Camera } from '@vigie/contract/cameras.contract';
import { cameraTypeLabels } from '@vigie/contract/cameras.contract';
import { Camera as CameraIcon, Check, Circle, Pause, Play, RotateCw, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { useCameraSnapshot } from '../api/get-camera-snapshot';
import { featureKeys, featureLabels } from './camera-form-schema';
import { CameraSnapshotView } from './camera-snapshot-view';
import { CameraStatusBadge, isOnline } from './camera-status';
import { downloadCapture } from './capture';

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
  const [playing, setPlaying] = useState(true);
  const [rotation, setRotation] = useState(0);
  const snapshot = useCameraSnapshot(camera.id, { enabled: online && camera.snapshotUrl !== null, playing });
  const canCapture = online && snapshot.blob !== undefined && !snapshot.isError;

  useEffect(() => {
    if (!online) setPlaying(false);
  }, [online]);

  const capture = async () => {
    if (!snapshot.blob) return;
    try {
      await downloadCapture(snapshot.blob, camera.name);
      toast.success("Capture d'écran enregistrée", { description: camera.name });
    } catch {
      toast.error('Erreur', { description: "Impossible d'enregistrer la capture d'écran" });
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <CameraSnapshotView
        camera={camera}
        url={snapshot.url}
        failed={snapshot.isError}
        rotation={rotation}
        playing={playing}
        className="rounded-lg border border-ink-700"
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={!online || playing} onClick={() => setPlaying(true)}>
          <Play aria-hidden="true" />
          Lecture
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!online || !playing}
          onClick={() => setPlaying(false)}
        >
          <Pause aria-hidden="true" />
          Pause
        </Button>
        {camera.type === 'ptz' ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={!online}
            onClick={() => setRotation((r) => (r + 90) % 360)}
          >
            <RotateCw aria-hidden="true" />
            Pivoter
          </Button>
        ) : null}
        {/* Wrapped so the reason shows on hover although the button is disabled. */}
        <span title="Enregistrement disponible prochainement">
          <Button variant="secondary" size="sm" disabled aria-describedby="camera-record-soon">
            <Circle aria-hidden="true" />
            Enregistrer
          </Button>
          <span id="camera-record-soon" className="sr-only">
            Enregistrement disponible prochainement
          </span>
        </span>
        <Button variant="secondary" size="sm" disabled={!canCapture} onClick={() => void capture()}>
          <CameraIcon aria-hidden="true" />
          Capture d'écran
        </Button>
      </div>
      <div className="grid gap-5 md:grid-cols-[2fr_1fr]">
        <section className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-white">Informations techniques</h3>
          <dl className="grid grid-cols-2 gap-3">
            <Info label="Site" value={camera.siteName} />
            <Info label="Emplacement" value={camera.location} />
            <Info label="Type" value={cameraTypeLabels[camera.type]} />
            <Info label="Résolution" value={camera.resolution} />
            <Info label="Adresse IP" value={camera.ipAddress ?? '—'} />
            <Info
              label="Dernier ping"
              value={camera.lastPing ? formatDateTime(camera.lastPing, timezone) : 'Jamais'}
            />
            <Info label="URL du flux" value={camera.rtspUrl ?? '—'} />
            <Info label="URL de l'image" value={camera.snapshotUrl ?? '—'} />
            <Info label="Identifiants du flux" value={camera.hasCredentials ? 'Enregistrés' : 'Aucun'} />
          </dl>
        </section>
        <section className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-white">Fonctionnalités</h3>
          <ul className="flex flex-col gap-2">
            {featureKeys.map((key) => (
              <li key={key} className="flex items-center gap-2 text-sm text-slate-200">
                {camera[key] ? (
                  <Check aria-hidden="true" className="size-4 text-emerald-400" />
                ) : (
                  <X aria-hidden="true" className="size-4 text-fg-muted" />
                )}
                {featureLabels[key]}
                <span className="sr-only">{camera[key] ? ': activée' : ': désactivée'}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

/** 'Voir': live image, Lecture/Pause, capture, technical information and feature flags. */
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
