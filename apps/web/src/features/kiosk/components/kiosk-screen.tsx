import { Maximize, Minimize } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
import { loadQrDecoder } from '../../../lib/scanner/qr-frame-decoder';
import { useCameraScanner } from '../../../lib/scanner/use-camera-scanner';
import { nfcSupported, useNfcReader } from '../../../lib/scanner/use-nfc-reader';
import { unlockAudio } from '../beep';
import { storedFacing, storeFacing } from '../kiosk-storage';
import { useConnection } from '../use-connection';
import { useKioskChecks } from '../use-kiosk-checks';
import { useFullscreen, useWakeLock } from '../use-screen-helpers';
import { CameraPanel } from './camera-panel';
import { ConnectionIndicator } from './connection-indicator';
import { KioskButton, WideLabel } from './kiosk-button';
import { KioskFrame } from './kiosk-frame';
import { ReaderStatus } from './reader-status';
import { StartPanel } from './start-panel';
import { UnpairDialog } from './unpair-dialog';
import { OfflineOverlay, VerdictOverlay } from './verdict-overlay';

type KioskScreenProps = {
  readerKey: string;
  pointName: string | null;
  onPoint: (name: string) => void;
  /** Back to pairing: by the staff (no message), or because the server refused the key. */
  onUnpair: (why: 'asked' | 'invalid' | 'scope') => void;
};

/** The paired kiosk: reads QR badges with the camera and NFC badges, and shows each verdict. */
export function KioskScreen({ readerKey, pointName, onPoint, onUnpair }: KioskScreenProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [facing, setFacing] = useState(storedFacing);
  const connection = useConnection();
  const fullscreen = useFullscreen();
  const { verdict, pending, present } = useKioskChecks(readerKey, {
    onPoint,
    onKeyRejected: onUnpair,
    onReached: connection.report,
  });

  const onCode = useCallback((text: string) => void present({ credential: text, type: 'qrcode' }), [present]);
  const onTag = useCallback((serial: string) => void present({ credential: serial, type: 'nfc' }), [present]);
  const camera = useCameraScanner(videoRef, { active: started, facing, attempt, onCode });
  const nfc = useNfcReader({ active: started, onTag });
  useWakeLock(started);

  const start = () => {
    unlockAudio();
    void loadQrDecoder();
    setStarted(true);
  };
  const switchCamera = () => {
    const next = facing === 'environment' ? 'user' : 'environment';
    storeFacing(next);
    setFacing(next);
  };

  const actions = (
    <>
      <ConnectionIndicator online={connection.online} />
      {fullscreen.supported ? (
        <KioskButton tone="outline" onClick={fullscreen.toggle}>
          {fullscreen.active ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
          <WideLabel>{fullscreen.active ? t('Quitter le plein écran') : t('Plein écran')}</WideLabel>
        </KioskButton>
      ) : null}
      <UnpairDialog onConfirm={() => onUnpair('asked')} />
    </>
  );

  return (
    <KioskFrame pointName={pointName} actions={actions}>
      {started ? (
        <div className="grid flex-1 content-start items-start gap-5 p-4 sm:p-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <CameraPanel
            videoRef={videoRef}
            state={camera}
            onRetry={() => setAttempt((n) => n + 1)}
            onSwitch={switchCamera}
          />
          <ReaderStatus nfc={nfc} checking={pending !== null} />
        </div>
      ) : (
        <StartPanel nfc={nfcSupported()} onStart={start} />
      )}
      {pending && pending.failures > 0 ? (
        <OfflineOverlay pending={pending} />
      ) : verdict ? (
        <VerdictOverlay verdict={verdict} />
      ) : null}
    </KioskFrame>
  );
}
