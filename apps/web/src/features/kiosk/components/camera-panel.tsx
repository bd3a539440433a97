import { Camera, RefreshCw, SwitchCamera } from 'lucide-react';
import type { RefObject } from 'react';
import { CameraProblem, CameraViewfinder } from '../../../components/camera-viewfinder';
import { msg, t } from '../../../lib/i18n/i18n';
import type { CameraState } from '../../../lib/scanner/use-camera-scanner';
import { KioskButton, WideLabel } from './kiosk-button';

/** What to tell the staff when the camera cannot be used, and what to do about it. */
const problems: Partial<Record<CameraState, string>> = {
  denied: msg(
    "L'accès à la caméra a été refusé. Pour l'autoriser : touchez l'icône à gauche de l'adresse, puis Autorisations → Caméra → Autoriser, et touchez « Réessayer ».",
  ),
  missing: msg(
    "Aucune caméra n'a été trouvée sur cet appareil. Les badges NFC restent lus si la tablette le permet.",
  ),
  busy: msg(
    'La caméra est utilisée par une autre application ou a été débranchée. Fermez cette application, puis touchez « Réessayer ».',
  ),
  insecure: msg(
    "Le navigateur n'autorise la caméra que sur une adresse sécurisée (https). Ouvrez la borne par l'adresse https de Vigie.",
  ),
  failed: msg(
    "La caméra n'a pas pu démarrer. Touchez « Réessayer » ; si cela persiste, redémarrez la tablette.",
  ),
};

type CameraPanelProps = {
  videoRef: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  onRetry: () => void;
  onSwitch: () => void;
};

export function CameraPanel({ videoRef, state, onRetry, onSwitch }: CameraPanelProps) {
  const problem = problems[state];
  return (
    <div className="flex flex-col gap-3">
      {/* Wide on a phone held upright, so that the instructions and the picture share its height. */}
      <CameraViewfinder
        videoRef={videoRef}
        state={state}
        label={t('Image de la caméra de la borne')}
        className="aspect-video max-h-[60dvh] sm:aspect-[4/3]"
        aimClassName="sm:h-2/3"
        running={
          // Inside the picture: on a phone held upright the screen has no height to spare.
          <button
            type="button"
            onClick={onSwitch}
            className="absolute right-3 bottom-3 inline-flex min-h-12 items-center gap-2 rounded-xl border-2 border-white/60 bg-black/70 px-3 text-base font-bold text-white hover:bg-black/85 [&_svg]:size-5"
          >
            <SwitchCamera aria-hidden="true" />
            <WideLabel>{t('Changer de caméra')}</WideLabel>
          </button>
        }
        idle={
          <div className="absolute inset-0 flex items-center justify-center">
            <Camera aria-hidden="true" className="size-16 text-slate-400" />
          </div>
        }
      />
      <CameraProblem problem={problem ? t(problem) : undefined} textClassName="text-lg text-amber-100">
        <KioskButton onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {t('Réessayer')}
        </KioskButton>
      </CameraProblem>
    </div>
  );
}
