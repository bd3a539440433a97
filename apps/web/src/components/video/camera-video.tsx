import type { Camera } from '@vigie/contract/cameras.contract';
import { Loader2, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { deName } from '../../lib/french';
import { currentLocale, t } from '../../lib/i18n/i18n';
import { cn } from '../../lib/utils';
import { LivePlayer, type LiveState } from './live-player';

/** « de Caméra Nord » / « d'Entrée » in French (elided outside the message); the bare name in other languages. */
const ofCamera = (name: string) => (currentLocale() === 'fr' ? deName(name) : name);

type CameraVideoProps = {
  camera: Pick<Camera, 'id' | 'name' | 'status'>;
  playing: boolean;
  className?: string;
};

/**
 * The camera's live video (server-relayed, credentials never in the browser), muted; offline
 * cameras keep « Caméra hors ligne ». Paused, the socket closes and the last picture stays.
 */
export function CameraVideo({ camera, playing, className }: CameraVideoProps) {
  const online = camera.status === 'En ligne';
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<LiveState>({ kind: 'connecting' });

  useEffect(() => {
    const el = video.current;
    if (!el || !online || !playing) return;
    const player = new LivePlayer(el, camera.id, setState);
    player.start();
    return () => {
      player.stop();
      el.pause();
    };
  }, [camera.id, online, playing]);

  const overlay = !online ? null : state.kind === 'connecting' && playing ? (
    <Overlay>
      <Loader2 aria-hidden="true" className="size-6 animate-spin" />
      <p className="text-xs">{t('Connexion au flux…')}</p>
    </Overlay>
  ) : state.kind === 'reconnecting' && playing ? (
    <Overlay>
      <Loader2 aria-hidden="true" className="size-6 animate-spin" />
      <p className="text-sm font-medium" role="status">
        {t('Flux interrompu — reconnexion…')}
      </p>
    </Overlay>
  ) : state.kind === 'error' ? (
    <Overlay>
      <VideoOff aria-hidden="true" className="size-7" />
      <p className="max-w-xs px-4 text-center text-sm font-medium" role="status">
        {state.detail}
      </p>
    </Overlay>
  ) : null;

  return (
    <div
      className={cn(
        'relative flex aspect-video items-center justify-center overflow-hidden bg-black',
        className,
      )}
    >
      {online ? (
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('Vidéo en direct {ofCamera}', { ofCamera: ofCamera(camera.name) })}
          className="size-full object-contain"
          data-testid="camera-video"
          data-state={state.kind}
        />
      ) : (
        <div className="flex flex-col items-center gap-2 text-fg-muted">
          <VideoOff aria-hidden="true" className="size-8" />
          <p className="text-sm font-medium">{t('Caméra hors ligne')}</p>
        </div>
      )}
      {overlay}
      {online && state.kind === 'playing' ? (
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

function Overlay({ children }: { children: React.ReactNode }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/60 text-slate-200">
      {children}
    </div>
  );
}
