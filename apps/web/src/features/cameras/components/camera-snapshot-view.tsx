import type { Camera } from '@vigie/contract/cameras.contract';
import { VideoOff } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { isOnline } from './camera-status';
import { ofName } from './of-name';

type CameraSnapshotViewProps = {
  camera: Camera;
  url: string | null;
  failed: boolean;
  rotation: number;
  playing: boolean;
  className?: string;
};

/** The current image (or the LIVE placeholder), 'Caméra hors ligne' when offline or unanswered. */
/** Rotated a quarter turn, the 16:9 image is scaled down to stay whole in its 16:9 frame. */
const turn = (rotation: number) => `rotate(${rotation}deg)${rotation % 180 === 0 ? '' : ' scale(0.5625)'}`;

export function CameraSnapshotView({
  camera,
  url,
  failed,
  rotation,
  playing,
  className,
}: CameraSnapshotViewProps) {
  const offline = !isOnline(camera) || (camera.snapshotUrl !== null && failed);
  return (
    <div
      className={cn(
        'relative flex aspect-video items-center justify-center overflow-hidden bg-black',
        className,
      )}
    >
      {offline ? (
        <div className="flex flex-col items-center gap-2 text-fg-muted">
          <VideoOff aria-hidden="true" className="size-8" />
          <p className="text-sm font-medium">{t('Caméra hors ligne')}</p>
        </div>
      ) : url ? (
        <img
          src={url}
          alt={t('Vue actuelle {camera}', { camera: ofName(camera.name) })}
          className="size-full object-contain transition-transform"
          style={{ transform: turn(rotation) }}
          data-testid="camera-snapshot"
        />
      ) : (
        <div className="flex flex-col items-center gap-2 text-fg-muted" style={{ transform: turn(rotation) }}>
          <span className="rounded bg-red-600 px-2 py-0.5 text-xs font-bold tracking-wider text-white">
            {t('LIVE')}
          </span>
          <p className="text-xs">
            {camera.snapshotUrl ? t('Chargement de l’image…') : t('Aucune image configurée')}
          </p>
        </div>
      )}
      {!offline && url ? (
        <span className="absolute top-2 left-2 flex items-center gap-1 rounded bg-black/60 px-1.5 py-0.5 text-[10px] font-bold tracking-wider text-white">
          <span
            aria-hidden="true"
            className={cn('size-1.5 rounded-full', playing ? 'bg-red-500' : 'bg-slate-400')}
          />
          {playing ? t('LIVE') : t('PAUSE')}
        </span>
      ) : null}
    </div>
  );
}
