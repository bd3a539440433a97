import { Camera, RefreshCw, SwitchCamera } from 'lucide-react';
import type { RefObject } from 'react';
import { CameraProblem, CameraViewfinder } from '../../../components/camera-viewfinder';
import { msg, t } from '../../../lib/i18n/i18n';
import type { CameraState } from '../../../lib/scanner/use-camera-scanner';

/** Why the camera cannot be used, and what the agent can do about it. */
const problems: Partial<Record<CameraState, string>> = {
  denied: msg(
    "L'accès à la caméra a été refusé. Pour l'autoriser : touchez l'icône à gauche de l'adresse, puis Autorisations → Caméra → Autoriser, et touchez « Réessayer ».",
  ),
  missing: msg(
    "Aucune caméra n'a été trouvée sur ce téléphone. Les tags NFC restent lus si le téléphone le permet.",
  ),
  busy: msg('La caméra est utilisée par une autre application. Fermez-la, puis touchez « Réessayer ».'),
  insecure: msg(
    "Le navigateur n'autorise la caméra que sur une adresse sécurisée (https). Ouvrez Vigie par son adresse https.",
  ),
  failed: msg(
    "La caméra n'a pas pu démarrer. Touchez « Réessayer » ; si cela persiste, redémarrez le téléphone.",
  ),
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
  return (
    <div className="flex flex-col gap-3">
      <CameraViewfinder
        videoRef={videoRef}
        state={state}
        label={t('Image de la caméra du téléphone')}
        className="aspect-[4/3]"
        running={
          <button
            type="button"
            onClick={onSwitch}
            aria-label={t('Changer de caméra')}
            className="absolute right-3 bottom-3 inline-flex size-12 items-center justify-center rounded-xl border-2 border-white/60 bg-black/70 text-white hover:bg-black/85"
          >
            <SwitchCamera aria-hidden="true" className="size-6" />
          </button>
        }
        idle={
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-6 text-center">
            <Camera aria-hidden="true" className="size-14 text-slate-400" />
            {paused ? <p className="text-base text-slate-200">{t('Lecture en pause')}</p> : null}
          </div>
        }
      />
      <CameraProblem problem={problem ? t(problem) : undefined} textClassName="text-base text-amber-50">
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-white px-4 text-base font-bold text-ink-950"
        >
          <RefreshCw aria-hidden="true" className="size-5" />
          {t('Réessayer')}
        </button>
      </CameraProblem>
    </div>
  );
}
