import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { t } from '../../../lib/i18n/i18n';

/** The QR library weighs as much as a page: it is loaded when a QR code is first drawn. */
async function drawQr(text: string): Promise<string> {
  const mod = await import('qrcode');
  const qrcode = mod.default ?? mod;
  // Dark on white with a quiet zone: what phone cameras and kiosk scanners read best, also printed.
  return qrcode.toDataURL(text, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 320,
    color: { dark: '#0b1120', light: '#ffffff' },
  });
}

type QrImageProps = {
  /** The text to encode (the badge's signed payload). */
  text: string;
  alt: string;
  /** The drawn image, for a download link beside it. */
  onDrawn?: (dataUrl: string) => void;
};

export function QrImage({ text, alt, onDrawn }: QrImageProps) {
  const [drawn, setDrawn] = useState<{ text: string; url: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    drawQr(text)
      .then((url) => {
        if (cancelled) return;
        setDrawn({ text, url });
        onDrawn?.(url);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [text, onDrawn]);

  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-200">
        {t("Impossible d'afficher le QR code. Rechargez la page et réessayez.")}
      </p>
    );
  }
  if (!drawn || drawn.text !== text) {
    return (
      <div className="flex size-64 items-center justify-center rounded-xl bg-white/5">
        <Spinner label={t('Génération du QR code…')} />
      </div>
    );
  }
  return (
    <img
      src={drawn.url}
      alt={alt}
      width={256}
      height={256}
      className="size-64 rounded-xl bg-white"
      data-testid="badge-qr-image"
    />
  );
}
