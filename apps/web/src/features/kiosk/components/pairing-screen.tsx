import { KeyRound, Link2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { msg, t } from '../../../lib/i18n/i18n';
import { isReaderKeyFormat } from '../kiosk-storage';
import { KioskButton } from './kiosk-button';

type PairingScreenProps = {
  /** Why the kiosk is back here (its key was refused), if it is. */
  notice: string | null;
  onPair: (key: string) => void;
};

/**
 * First start: the reader key of the point, checked for its format only. Checking it against the
 * server would write a line in the access log for a badge nobody presented; the first real read
 * tells whether the key is valid.
 */
export function PairingScreen({ notice, onPair }: PairingScreenProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = value.trim();
    if (!key) return setError(msg('Saisissez la clé de lecteur'));
    if (!key.startsWith('vgk_')) return setError(msg('La clé de lecteur commence par vgk_'));
    if (!isReaderKeyFormat(key))
      return setError(msg('Clé incomplète : vérifiez-la (vgk_ suivi de 43 caractères)'));
    onPair(key);
  };

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-4 sm:px-6 sm:py-8">
      {/* Side by side on a landscape tablet: the message and the form stay above the fold. */}
      <div className="grid w-full max-w-xl gap-5 rounded-2xl border-2 border-ink-700 bg-ink-900 p-5 sm:p-8 lg:max-w-5xl lg:grid-cols-2 lg:gap-10">
        <div className="flex flex-col gap-3">
          <KeyRound aria-hidden="true" className="size-10 text-blue-300" />
          <h2 className="text-2xl font-bold text-white sm:text-3xl">{t('Associer la borne')}</h2>
          <p className="text-base text-slate-200 sm:text-lg">
            {t("Saisissez la clé de lecteur du point d'accès. Un administrateur la crée dans")}{' '}
            <strong className="text-white">{t("Contrôle d'accès → Points d'accès → Clés de lecteur")}</strong>
            {t(" ; elle n'est affichée qu'une fois.")}
          </p>
        </div>
        <div className="flex flex-col gap-5">
          {notice ? (
            <p
              role="alert"
              className="rounded-xl border-2 border-red-400/70 bg-red-500/15 p-4 text-base font-medium text-red-100 sm:text-lg"
            >
              {t(notice)}
            </p>
          ) : null}
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <label htmlFor={id} className="text-lg font-semibold text-white">
                {t('Clé de lecteur')}
              </label>
              <input
                id={id}
                name="reader-key"
                type="text"
                value={value}
                onChange={(event) => {
                  setValue(event.target.value);
                  setError(null);
                }}
                placeholder={'vgk_…'}
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-help`}
                className="min-h-14 w-full rounded-xl border-2 border-ink-600 bg-ink-950 px-4 font-mono text-lg text-white placeholder:text-slate-400 focus:border-blue-400 focus:outline-none aria-[invalid=true]:border-red-400"
              />
              <p
                id={`${id}-help`}
                aria-live="polite"
                className={error ? 'text-base text-red-200' : 'text-base text-slate-300'}
              >
                {error
                  ? t(error)
                  : t('Elle commence par vgk_. Elle reste enregistrée sur cette tablette seulement.')}
              </p>
            </div>
            <KioskButton type="submit" size="xl">
              <Link2 aria-hidden="true" />
              {t('Associer la borne')}
            </KioskButton>
          </form>
        </div>
      </div>
    </div>
  );
}
