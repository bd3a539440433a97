import { Camera, RefreshCw, SwitchCamera } from 'lucide-react';
import type { RefObject } from 'react';
import type { CameraState } from '../../../lib/scanner/use-camera-scanner';

/** Why the camera cannot be used, and what the agent can do about it. */
const problems: Partial<Record<CameraState, string>> = {
  denied:
    "L'accès à la caméra a été refusé. Pour l'autoriser : touchez l'icône à gauche de l'adresse, puis Autorisations → Caméra → Autoriser, et touchez « Réessayer ».",
  missing:
    "Aucune caméra n'a été trouvée sur ce téléphone. Les tags NFC restent lus si le téléphone le permet.",
  busy: 'La caméra est utilisée par une autre application. Fermez-la, puis touchez « Réessayer ».',
  insecure:
    "Le navigateur n'autorise la caméra que sur une adresse sécurisée (https). Ouvrez Vigie par son adresse https.",
  failed: "La caméra n'a pas pu démarrer. Touchez « Réessayer » ; si cela persiste, redémarrez le téléphone.",
};

type CameraViewProps = {
  videoRef: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  paused: boolean;
  onRetry: () => void;
  onSwitch: () => void;
};

export function CameraView({ videoRef, state, paused, onRetry, onSwitch }: CameraViewProps) {
  const problem = problems[state];
  const filming = state === 'running' || state === 'starting';
  return (
    <div className="flex flex-col gap-3">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-2xl border-2 border-ink-600 bg-black">
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Image de la caméra du téléphone"
          className={filming ? 'size-full object-cover' : 'hidden'}
        />
        {state === 'running' ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 flex items-center justify-center"
          >
            <div className="aspect-square h-3/4 rounded-3xl border-4 border-white/85 shadow-[0_0_0_100vmax_rgba(0,0,0,0.35)]" />
          </div>
        ) : null}
        {state === 'running' ? (
          <button
            type="button"
            onClick={onSwitch}
            aria-label="Changer de caméra"
            className="absolute right-3 bottom-3 inline-flex size-12 items-center justify-center rounded-xl border-2 border-white/60 bg-black/70 text-white hover:bg-black/85"
          >
            <SwitchCamera aria-hidden="true" className="size-6" />
          </button>
        ) : null}
        {!filming ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-6 text-center">
            <Camera aria-hidden="true" className="size-14 text-slate-400" />
            {paused ? <p className="text-base text-slate-200">Lecture en pause</p> : null}
          </div>
        ) : null}
      </div>
      {problem ? (
        <div className="flex flex-col gap-3 rounded-xl border-2 border-amber-400/70 bg-amber-500/10 p-4">
          <p role="alert" className="text-base text-amber-50">
            {problem}
          </p>
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-white px-4 text-base font-bold text-ink-950"
          >
            <RefreshCw aria-hidden="true" className="size-5" />
            Réessayer
          </button>
        </div>
      ) : null}
    </div>
  );
}
