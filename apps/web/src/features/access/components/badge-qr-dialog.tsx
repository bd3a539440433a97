import type { Badge } from '@vigie/contract/access.contract';
import { Download, Printer, RefreshCw, TriangleAlert } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { downloadBadgeCard } from '../api/get-badge-card';
import { useBadgeQr } from '../api/get-badge-qr';
import { useRegenerateBadgeQr } from '../api/regenerate-badge-qr';
import { QrImage } from './qr-image';

type BadgeQrDialogProps = { badge: Badge | null; onOpenChange: (open: boolean) => void };

/** The badge's QR code, to print or send to its holder; 'Régénérer' revokes the one in circulation. */
export function BadgeQrDialog({ badge, onOpenChange }: BadgeQrDialogProps) {
  return (
    <Dialog open={badge !== null} onOpenChange={onOpenChange}>
      {badge ? (
        <DialogContent
          title={t('QR code du badge')}
          description={t(
            "Badge {id} ({holder}). Les lecteurs et les bornes l'acceptent tant que le badge est actif.",
            { id: badge.badgeId, holder: badge.holderName },
          )}
        >
          <BadgeQr badge={badge} onClose={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const fileName = (badge: Badge) => `badge-${badge.badgeId.replace(/[^\w-]+/g, '_')}.png`;

function BadgeQr({ badge, onClose }: { badge: Badge; onClose: () => void }) {
  const qr = useBadgeQr(badge.id);
  const regenerate = useRegenerateBadgeQr();
  const [confirming, setConfirming] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const printCard = async () => {
    setPrinting(true);
    try {
      await downloadBadgeCard(badge.id, badge.badgeId);
    } catch (err) {
      toast.error(errorMessage(err, t('Impossible de générer la carte du badge')));
    } finally {
      setPrinting(false);
    }
  };
  const onDrawn = useCallback((url: string) => setImage(url), []);

  const confirmRegenerate = async () => {
    try {
      await regenerate.mutateAsync(badge.id);
      setConfirming(false);
      toast.success(t('QR code régénéré'), {
        description: t('L’ancien code est refusé dès maintenant : remettez le nouveau au titulaire.'),
      });
    } catch (error) {
      toast.error(t('Impossible de régénérer le QR code'), { description: errorMessage(error) });
    }
  };

  return (
    <div className="flex flex-col items-center gap-4">
      {qr.isPending ? (
        <div className="flex size-64 items-center justify-center">
          <Spinner label={t('Chargement du QR code…')} />
        </div>
      ) : qr.isError ? (
        <p role="alert" className="text-center text-sm text-red-200">
          {errorMessage(qr.error, t('Impossible de charger le QR code'))}
        </p>
      ) : (
        <>
          <QrImage
            text={qr.data.payload}
            alt={t('QR code du badge {id} ({holder})', { id: badge.badgeId, holder: badge.holderName })}
            onDrawn={onDrawn}
          />
          <p className="text-xs text-fg-muted" data-testid="badge-qr-version">
            {t('Version {version} du code', { version: qr.data.version })}
          </p>
        </>
      )}

      {confirming ? (
        <div className="flex w-full flex-col gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4">
          <p role="alert" className="flex gap-2 text-sm text-amber-100">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t(
              'Régénérer le QR code ? L’ancien code cessera de fonctionner immédiatement sur tous les lecteurs.',
            )}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              {t('Annuler')}
            </Button>
            <Button
              variant="danger"
              size="sm"
              onClick={() => void confirmRegenerate()}
              disabled={regenerate.isPending}
            >
              {regenerate.isPending ? t('Régénération...') : t('Confirmer la régénération')}
            </Button>
          </div>
        </div>
      ) : null}

      <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {t('Fermer')}
        </Button>
        {image ? (
          <Button variant="secondary" asChild>
            <a href={image} download={fileName(badge)}>
              <Download aria-hidden="true" />
              {t('Télécharger')}
            </a>
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void printCard()} disabled={printing}>
          <Printer aria-hidden="true" />
          {printing ? t('Préparation...') : t('Imprimer la carte')}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={confirming || qr.isPending}>
          <RefreshCw aria-hidden="true" />
          {t('Régénérer')}
        </Button>
      </div>
    </div>
  );
}
