import { ShieldCheck, ShieldX } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import { useAlarmFileVerification } from './api/alarm-file';

/**
 * The public page an alarm file's QR code opens: it confirms that a file with this fingerprint
 * exists, its site, alarm, times and number of entries (to compare with the printed ones), whether it
 * is signed, and nothing else: no entry's content, no person's name.
 */
export default function AlarmFileVerificationPage({ fingerprint }: { fingerprint: string }) {
  const check = useAlarmFileVerification(fingerprint);
  const notFound =
    check.isError && check.error instanceof ApiError && [404, 422].includes(check.error.status);
  const at = (v: string | null) => (v ? formatDateTime(v) : '—');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-ink-950 p-4">
      <Card className="flex w-full max-w-lg min-w-0 flex-col items-center gap-4 px-5 py-10 text-center sm:px-6">
        <p className="text-sm font-semibold tracking-wide text-blue-300 uppercase">
          {t("Vigie · Vérification d'un dossier d'alarme")}
        </p>
        {check.isPending ? (
          <Spinner label={t('Vérification…')} />
        ) : check.isSuccess ? (
          <>
            <ShieldCheck aria-hidden="true" className="size-14 text-emerald-300" />
            <h1 className="text-2xl font-bold text-white">{t('Dossier authentique')}</h1>
            <p className="text-fg-muted">
              {t('Un dossier de levée de doute portant cette empreinte a bien été établi dans Vigie :')}
            </p>
            <dl className="grid w-full grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg bg-ink-900 p-4 text-left text-sm">
              <dt className="text-fg-muted">{t('Alarme')}</dt>
              <dd className="font-semibold break-words text-white">{check.data.alarmTitle}</dd>
              <dt className="text-fg-muted">{t('Site')}</dt>
              <dd className="font-semibold break-words text-white">{check.data.siteName ?? '—'}</dd>
              <dt className="text-fg-muted">{t('Société')}</dt>
              <dd className="font-semibold break-words text-white">{check.data.companyName}</dd>
              <dt className="text-fg-muted">{t('Reçue le')}</dt>
              <dd className="font-semibold text-white">{at(check.data.triggeredAt)}</dd>
              <dt className="text-fg-muted">{t('Résolue le')}</dt>
              <dd className="font-semibold text-white">{at(check.data.resolvedAt)}</dd>
              <dt className="text-fg-muted">{t('Empreinte')}</dt>
              <dd className="font-semibold text-white">
                {t("de l'entrée n° {number} du {date}", {
                  number: check.data.number,
                  date: at(check.data.at),
                })}
              </dd>
              <dt className="text-fg-muted">{t('Entrées')}</dt>
              <dd className="font-semibold text-white">
                {t('{count} à ce jour', { count: check.data.entries })}
              </dd>
              <dt className="text-fg-muted">{t('Signé le')}</dt>
              <dd className="font-semibold text-white">
                {check.data.signedAt ? at(check.data.signedAt) : t('Non signé')}
              </dd>
            </dl>
            <p className="text-xs text-fg-muted">
              {t(
                "Son contenu n'est pas publié : vérifiez que l'alarme, le site, la société et les heures ci-dessus sont ceux imprimés sur le document, et comparez l'empreinte ci-dessous avec la sienne. Un dossier se complète après son impression (notes, rectifications) : il peut compter plus d'entrées que le document. S'ils diffèrent autrement, le document n'est pas authentique.",
              )}
            </p>
          </>
        ) : (
          <>
            <ShieldX aria-hidden="true" className="size-14 text-red-300" />
            <h1 className="text-2xl font-bold text-white">
              {notFound ? t('Dossier introuvable') : t('Vérification impossible')}
            </h1>
            <p className="text-fg-muted">
              {notFound
                ? t(
                    'Aucun dossier d’alarme ne porte cette empreinte : le document a pu être modifié ou n’a pas été émis par Vigie.',
                  )
                : t(
                    'Le service de vérification ne répond pas pour le moment. Réessayez dans quelques instants.',
                  )}
            </p>
          </>
        )}
        <p className="w-full break-all rounded-lg bg-ink-900 p-3 font-mono text-xs text-slate-300">
          {fingerprint}
        </p>
      </Card>
    </main>
  );
}
