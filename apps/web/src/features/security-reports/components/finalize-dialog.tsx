import type { SecurityReport } from '@vigie/contract/security-reports.contract';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { SignatureField, type SignatureHandle } from '../../../components/signature-field';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useFinalizeSecurityReport } from '../api/finalize-security-report';

type FinalizeDialogProps = {
  report: SecurityReport | null;
  onOpenChange: (open: boolean) => void;
};

/**
 * Finalising freezes the report: said plainly before it happens. A draft saved without a signature
 * is signed here first.
 */
export function FinalizeDialog({ report, onOpenChange }: FinalizeDialogProps) {
  return (
    <Dialog open={report !== null} onOpenChange={onOpenChange}>
      {report ? (
        <DialogContent
          title={t('Finaliser le rapport {number}', { number: report.number })}
          description={t(
            'Une fois finalisé, le rapport et sa signature ne peuvent plus être modifiés ni supprimés. Son empreinte SHA-256 et un QR code de vérification figureront sur chaque export.',
          )}
        >
          <FinalizeForm report={report} onOpenChange={onOpenChange} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function FinalizeForm({
  report,
  onOpenChange,
}: {
  report: SecurityReport;
  onOpenChange: (o: boolean) => void;
}) {
  const finalize = useFinalizeSecurityReport();
  const signature = useRef<SignatureHandle>(null);
  const [drawn, setDrawn] = useState(false);
  const needsSignature = !report.hasSignature;

  const confirm = async () => {
    const drawnSignature = signature.current?.value() ?? undefined;
    if (needsSignature && !drawnSignature) {
      toast.error(t('Erreur'), { description: t('Signez le rapport avant de le finaliser') });
      return;
    }
    try {
      const saved = await finalize.mutateAsync({ id: report.id, signature: drawnSignature });
      toast.success(t('Rapport finalisé'), {
        description: t('{number} est figé et signé.', { number: saved.number }),
      });
      onOpenChange(false);
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de finaliser le rapport')) });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {needsSignature ? (
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-fg">
            {t('Signature de {name}', { name: report.responsibleName })}
          </span>
          <SignatureField id="finalize-signature" ref={signature} onChange={setDrawn} />
        </div>
      ) : (
        <p className="text-sm text-fg-muted">
          {t('Le rapport est déjà signé par {name}.', { name: report.responsibleName })}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button onClick={confirm} disabled={finalize.isPending || (needsSignature && !drawn)}>
          {finalize.isPending
            ? t('Finalisation...')
            : needsSignature
              ? t('Signer et finaliser')
              : t('Finaliser')}
        </Button>
      </div>
    </div>
  );
}
