import { Camera, Play } from 'lucide-react';
import { t } from '../../../lib/i18n/i18n';
import { KioskButton } from './kiosk-button';

/**
 * Before the camera is asked for: why the kiosk needs it and what the browser will ask. The tap on
 * « Démarrer la lecture » is also the gesture browsers require for sound and NFC.
 */
export function StartPanel({ nfc, onStart }: { nfc: boolean; onStart: () => void }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-4 sm:px-6 sm:py-8">
      <div className="flex w-full max-w-2xl flex-col gap-4 sm:gap-5 rounded-2xl border-2 border-ink-700 bg-ink-900 p-5 sm:p-8">
        <Camera aria-hidden="true" className="size-10 text-blue-300 sm:size-12" />
        <h2 className="text-2xl font-bold text-white sm:text-3xl">{t('Lecture des badges')}</h2>
        <p className="text-base text-slate-200 sm:text-lg">
          {t(
            'La borne lit le QR code des badges avec la caméra de la tablette. Les images ne quittent pas la tablette et ne sont pas enregistrées : seul le code lu est envoyé au serveur pour vérification.',
          )}
        </p>
        <p className="text-base text-slate-200 sm:text-lg">
          {t("Au démarrage, le navigateur demande l'autorisation d'utiliser la caméra : choisissez")}{' '}
          <strong className="text-white">{t('« Autoriser »')}</strong>
          {t(". En cas de refus, la borne indique comment l'autoriser ensuite.")}
        </p>
        {nfc ? (
          <p className="text-base text-slate-200 sm:text-lg">
            {t('Les badges NFC seront lus aussi, au dos de la tablette.')}
          </p>
        ) : null}
        <KioskButton size="xl" onClick={onStart}>
          <Play aria-hidden="true" />
          {t('Démarrer la lecture')}
        </KioskButton>
      </div>
    </div>
  );
}
