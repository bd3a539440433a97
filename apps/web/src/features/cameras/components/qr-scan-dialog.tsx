import { Camera, ImageUp, QrCode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { msg, t } from '../../../lib/i18n/i18n';
import { decodeQrFromFile, decodeQrFromVideo, preloadQrDecoder } from './qr-decoder';

type QrScanDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onResult: (text: string) => void;
};

const SCAN_EVERY_MS = 300;

/** Reads the QR code of an NVR/DVR with the device's camera, or from a picture of it. */
export function QrScanDialog({ open, onOpenChange, onResult }: QrScanDialogProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [scanning, setScanning] = useState(false);
  // A catalogue message, translated where shown (the language may change while it is up).
  const [message, setMessage] = useState<string | null>(null);
  // The latest callbacks, so that a parent re-render does not restart the camera.
  const done = useRef({ onResult, onOpenChange });
  done.current = { onResult, onOpenChange };

  useEffect(() => {
    if (open) preloadQrDecoder();
    else {
      setScanning(false);
      setMessage(null);
    }
  }, [open]);

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const finish = (text: string) => {
      stopped = true;
      done.current.onResult(text);
      done.current.onOpenChange(false);
    };
    const tick = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      const text = await decodeQrFromVideo(video).catch(() => null);
      if (text && !stopped) finish(text);
      else if (!stopped) timer = window.setTimeout(tick, SCAN_EVERY_MS);
    };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped) return;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = stream;
        await video.play();
        setMessage(msg('Placez le QR code de l’enregistreur dans le cadre.'));
        void tick();
      } catch {
        setMessage(
          msg(
            "Impossible d'accéder à la caméra de l'appareil. Autorisez-la ou importez une photo du QR code.",
          ),
        );
        setScanning(false);
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [scanning]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setMessage(msg('Lecture de l’image…'));
    const text = await decodeQrFromFile(file).catch(() => null);
    if (fileRef.current) fileRef.current.value = '';
    if (text) {
      onResult(text);
      onOpenChange(false);
    } else setMessage(msg('Aucun QR code lisible dans cette image. Essayez une photo plus nette.'));
  };

  const canUseCamera = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Scanner le QR code du NVR/DVR')}
        description={t(
          "L'adresse du flux est reprise dans le champ URL ; tout autre contenu (numéro de série) dans le nom.",
        )}
      >
        <div className="flex flex-col gap-4">
          <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-lg border border-ink-600 bg-black">
            <video
              ref={videoRef}
              muted
              playsInline
              aria-label={t("Aperçu de la caméra de l'appareil")}
              className={scanning ? 'size-full object-cover' : 'hidden'}
            />
            {scanning ? null : <QrCode aria-hidden="true" className="size-14 text-fg-muted" />}
          </div>
          {message ? (
            <p role="status" className="text-sm text-slate-300">
              {t(message)}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              variant={scanning ? 'outline' : 'primary'}
              className="flex-1"
              disabled={!canUseCamera}
              onClick={() => setScanning((s) => !s)}
            >
              <Camera aria-hidden="true" />
              {scanning ? t('Arrêter la caméra') : t('Utiliser la caméra')}
            </Button>
            <Button variant="secondary" className="flex-1" onClick={() => fileRef.current?.click()}>
              <ImageUp aria-hidden="true" />
              {t('Importer une image')}
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              className="sr-only"
              tabIndex={-1}
              aria-label={t('Image du QR code')}
              data-testid="qr-file-input"
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
