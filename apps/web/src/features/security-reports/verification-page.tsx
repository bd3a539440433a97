import { ShieldCheck, ShieldX } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';
import { useVerification } from './api/verify-security-report';

/**
 * The public page a document's QR code opens: it confirms that a final report with this fingerprint
 * exists, its date and its company, and nothing of its content.
 */
export default function VerificationPage({ fingerprint }: { fingerprint: string }) {
  const check = useVerification(fingerprint);
  const notFound =
    check.isError && check.error instanceof ApiError && [404, 422].includes(check.error.status);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-ink-950 p-4">
      <Card className="flex w-full max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
        <p className="text-sm font-semibold tracking-wide text-blue-300 uppercase">Vigie · Vérification</p>
        {check.isPending ? (
          <Spinner />
        ) : check.isSuccess ? (
          <>
            <ShieldCheck aria-hidden="true" className="size-14 text-emerald-300" />
            <h1 className="text-2xl font-bold text-white">Document authentique</h1>
            <p className="text-fg-muted">
              Un rapport de sécurité finalisé portant cette empreinte a bien été établi par{' '}
              <strong className="text-white">{check.data.companyName}</strong> le{' '}
              <strong className="text-white">{formatDateTime(check.data.finalizedAt)}</strong>.
            </p>
            <p className="text-xs text-fg-muted">
              Son contenu n'est pas publié : comparez l'empreinte ci-dessous avec celle imprimée sur le
              document.
            </p>
          </>
        ) : (
          <>
            <ShieldX aria-hidden="true" className="size-14 text-red-300" />
            <h1 className="text-2xl font-bold text-white">
              {notFound ? 'Document inconnu' : 'Vérification impossible'}
            </h1>
            <p className="text-fg-muted">
              {notFound
                ? 'Aucun rapport finalisé ne porte cette empreinte : le document a pu être modifié ou n’a pas été émis par Vigie.'
                : 'Le service de vérification ne répond pas pour le moment. Réessayez dans quelques instants.'}
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
