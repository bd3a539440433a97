import type { Camera } from '@vigie/contract/cameras.contract';
import { Maximize2, Pause, Play, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CameraVideo } from '../../../components/video/camera-video';
import { t } from '../../../lib/i18n/i18n';
import { useCameraSnapshot } from '../api/get-camera-snapshot';
import { CameraSnapshotView } from './camera-snapshot-view';
import { CameraStatusBadge, isOnline } from './camera-status';
import { ofName } from './of-name';

/**
 * One camera of the live grid: its live video when it has a stream address (muted; the grid plays
 * at most a chosen number at once, the others start paused), else its image refreshed every 2 s.
 */
export function CameraLiveTile({
  camera,
  onOpen,
  autoPlay = true,
}: {
  camera: Camera;
  onOpen: (camera: Camera) => void;
  autoPlay?: boolean;
}) {
  const online = isOnline(camera);
  const [playing, setPlaying] = useState(autoPlay);
  const [rotation, setRotation] = useState(0);
  const video = camera.rtspUrl !== null;
  const snapshot = useCameraSnapshot(camera.id, {
    enabled: !video && online && camera.snapshotUrl !== null,
    playing,
  });

  return (
    <Card className="flex flex-col overflow-hidden" data-testid="camera-tile">
      {video ? (
        <CameraVideo camera={camera} playing={playing} className="rounded-t-xl" />
      ) : (
        <CameraSnapshotView
          camera={camera}
          url={snapshot.url}
          failed={snapshot.isError}
          rotation={rotation}
          playing={playing}
          className="rounded-t-xl"
        />
      )}
      <div className="flex flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold break-words text-white">{camera.name}</h2>
            <p className="truncate text-xs text-fg-muted" title={`${camera.siteName} · ${camera.location}`}>
              {camera.siteName} · {camera.location}
            </p>
          </div>
          <CameraStatusBadge camera={camera} />
        </div>
        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            disabled={!online}
            aria-label={
              playing ? t('Pause {name}', { name: camera.name }) : t('Lecture {name}', { name: camera.name })
            }
            onClick={() => setPlaying((p) => !p)}
          >
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </Button>
          {camera.type === 'ptz' && !video ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={!online}
              aria-label={t("Pivoter l'image {camera}", { camera: ofName(camera.name) })}
              onClick={() => setRotation((r) => (r + 90) % 360)}
            >
              <RotateCw aria-hidden="true" />
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            disabled={!online}
            onClick={() => onOpen(camera)}
            aria-label={t('Voir {name}', { name: camera.name })}
          >
            <Maximize2 aria-hidden="true" />
            {t('Voir')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
