import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';

type TotpQrProps = { qrSvg: string; secret: string };

/**
 * The QR code to scan and the secret for typing by hand. The SVG comes from the server: shown as
 * an image (a data: URL), never injected into the page, so nothing in it can run.
 */
export function TotpQr({ qrSvg, secret }: TotpQrProps) {
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t('Clé copiée'), {
        description: t("Collez-la dans votre application d'authentification."),
      });
    } catch {
      toast.info(t('Copie impossible'), { description: t('Sélectionnez la clé et copiez-la avec Ctrl+C.') });
    }
  };
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <img
        data-testid="twofa-qr"
        src={src}
        alt={t("QR code à scanner avec votre application d'authentification")}
        width={176}
        height={176}
        className="size-44 shrink-0 rounded-lg bg-white p-2"
      />
      <div className="flex min-w-0 flex-col gap-2 text-sm">
        <p className="text-fg-muted">
          {t(
            "Scannez ce QR code avec votre application d'authentification (Google Authenticator, Microsoft Authenticator, FreeOTP…). Impossible de scanner ? Saisissez cette clé :",
          )}
        </p>
        <code
          data-testid="twofa-secret"
          className="rounded-md border border-ink-600 bg-ink-950/60 px-3 py-2 font-mono text-sm break-all text-slate-100 select-all"
        >
          {secret}
        </code>
        <Button variant="outline" size="sm" className="self-start" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('Copier la clé')}
        </Button>
      </div>
    </div>
  );
}
