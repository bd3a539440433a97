import { Nfc, QrCode } from 'lucide-react';
import { msg, t } from '../../../lib/i18n/i18n';
import type { NfcState } from '../../../lib/scanner/use-nfc-reader';

const nfcMessages: Record<NfcState, string> = {
  unsupported: msg('NFC non disponible sur cet appareil'),
  idle: msg('Activation du NFC…'),
  listening: msg('Badge NFC : approchez-le du dos de la tablette.'),
  denied: msg(
    "NFC refusé : autorisez-le dans les réglages du site (icône à gauche de l'adresse), puis rechargez la page.",
  ),
  off: msg('NFC désactivé : activez-le dans les réglages de la tablette, puis rechargez la page.'),
  failed: msg('La lecture NFC a échoué : rechargez la page.'),
};

/** What the visitor does, how the NFC reader stands, and whether a check is under way. */
export function ReaderStatus({ nfc, checking }: { nfc: NfcState; checking: boolean }) {
  return (
    <section
      aria-labelledby="kiosk-instructions"
      // First on a screen held upright: what to do comes before the camera's picture.
      className="order-first flex flex-col gap-3 rounded-2xl border-2 border-ink-700 bg-ink-900 p-4 sm:gap-5 sm:p-6 lg:order-none"
    >
      <h2 id="kiosk-instructions" className="text-2xl font-bold text-white sm:text-4xl">
        {t('Présentez votre badge')}
      </h2>
      <p className="flex items-start gap-3 text-lg text-slate-100 sm:text-xl">
        <QrCode aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-blue-300 sm:size-8" />
        {t('Tenez le QR code de votre badge face à la caméra, dans le cadre.')}
      </p>
      <p className="flex items-start gap-3 text-lg text-slate-100 sm:text-xl" data-testid="kiosk-nfc">
        <Nfc aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-blue-300 sm:size-8" />
        {t(nfcMessages[nfc])}
      </p>
      <p
        role="status"
        className={`rounded-xl px-4 py-2 text-lg font-semibold sm:py-3 sm:text-xl ${
          checking ? 'bg-blue-500/20 text-blue-100' : 'bg-ink-800 text-slate-100'
        }`}
      >
        {checking ? t('Vérification du badge…') : t("Prêt : en attente d'un badge")}
      </p>
    </section>
  );
}
