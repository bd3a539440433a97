import { ShieldCheck, ShieldX } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import { useVerification } from './api/verify-security-report';

/**
 * The public page a document's QR code opens: it confirms that a final report with this fingerprint
 * exists, its number, site, date and company (to compare with the printed ones), and nothing of its
 * content.
 */
export default function VerificationPage({ fingerprint }: { fingerprint: string }) {
  const check = useVerification(fingerprint);
  const notFound =
    check.isError && check.error instanceof ApiError && [404, 422].includes(check.error.status);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-ink-950 p-4">
      <Card className="flex w-full max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
        <p className="text-sm font-semibold tracking-wide text-blue-300 uppercase">
          {t('Vigie · Vérification')}
        </p>
        {check.isPending ? (
          <Spinner />
        ) : check.isSuccess ? (
          <>
            <ShieldCheck aria-hidden="true" className="size-14 text-emerald-300" />
            <h1 className="text-2xl font-bold text-white">{t('Document authentique')}</h1>
            <p className="text-fg-muted">
              {t('Un rapport de sécurité finalisé portant cette empreinte a bien été établi :')}
            </p>
            <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-ink-900 p-4 text-left text-sm">
              <dt className="text-fg-muted">{t('Numéro')}</dt>
              <dd className="font-semibold break-all text-white">{check.data.number}</dd>
              <dt className="text-fg-muted">{t('Site')}</dt>
              <dd className="font-semibold break-words text-white">{check.data.siteName}</dd>
              <dt className="text-fg-muted">{t('Société')}</dt>
              <dd className="font-semibold break-words text-white">{check.data.companyName}</dd>
              <dt className="text-fg-muted">{t('Finalisé le')}</dt>
              <dd className="font-semibold text-white">{formatDateTime(check.data.finalizedAt)}</dd>
            </dl>
            <p className="text-xs text-fg-muted">
              {t(
                "Son contenu n'est pas publié : vérifiez que le numéro, le site, la société et la date ci-dessus sont ceux imprimés sur le document, et comparez l'empreinte ci-dessous avec la sienne. S'ils diffèrent, le document n'est pas authentique.",
              )}
            </p>
          </>
        ) : (
          <>
            <ShieldX aria-hidden="true" className="size-14 text-red-300" />
            <h1 className="text-2xl font-bold text-white">
              {notFound ? t('Document inconnu') : t('Vérification impossible')}
            </h1>
            <p className="text-fg-muted">
              {notFound
                ? t(
                    'Aucun rapport finalisé ne porte cette empreinte : le document a pu être modifié ou n’a pas été émis par Vigie.',
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
