import type { Badge } from '@vigie/contract/access.contract';
import { Download, Printer, RefreshCw, TriangleAlert } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
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
          title="QR code du badge"
          description={`Badge ${badge.badgeId} (${badge.holderName}). Les lecteurs et les bornes l'acceptent tant que le badge est actif.`}
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
      toast.error(errorMessage(err, 'Impossible de générer la carte du badge'));
    } finally {
      setPrinting(false);
    }
  };
  const onDrawn = useCallback((url: string) => setImage(url), []);

  const confirmRegenerate = async () => {
    try {
      await regenerate.mutateAsync(badge.id);
      setConfirming(false);
      toast.success('QR code régénéré', {
        description: 'L’ancien code est refusé dès maintenant : remettez le nouveau au titulaire.',
      });
    } catch (error) {
      toast.error('Impossible de régénérer le QR code', { description: errorMessage(error) });
    }
  };

  return (
    <div className="flex flex-col items-center gap-4">
      {qr.isPending ? (
        <div className="flex size-64 items-center justify-center">
          <Spinner label="Chargement du QR code…" />
        </div>
      ) : qr.isError ? (
        <p role="alert" className="text-center text-sm text-red-200">
          {errorMessage(qr.error, 'Impossible de charger le QR code')}
        </p>
      ) : (
        <>
          <QrImage
            text={qr.data.payload}
            alt={`QR code du badge ${badge.badgeId} (${badge.holderName})`}
            onDrawn={onDrawn}
          />
          <p className="text-xs text-fg-muted" data-testid="badge-qr-version">
            Version {qr.data.version} du code
          </p>
        </>
      )}

      {confirming ? (
        <div className="flex w-full flex-col gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4">
          <p role="alert" className="flex gap-2 text-sm text-amber-100">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Régénérer le QR code ? L’ancien code cessera de fonctionner immédiatement sur tous les lecteurs.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              Annuler
            </Button>
            <Button
              variant="danger"
              size="sm"
              onClick={() => void confirmRegenerate()}
              disabled={regenerate.isPending}
            >
              {regenerate.isPending ? 'Régénération...' : 'Confirmer la régénération'}
            </Button>
          </div>
        </div>
      ) : null}

      <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Fermer
        </Button>
        {image ? (
          <Button variant="secondary" asChild>
            <a href={image} download={fileName(badge)}>
              <Download aria-hidden="true" />
              Télécharger
            </a>
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void printCard()} disabled={printing}>
          <Printer aria-hidden="true" />
          {printing ? 'Préparation...' : 'Imprimer la carte'}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={confirming || qr.isPending}>
          <RefreshCw aria-hidden="true" />
          Régénérer
        </Button>
      </div>
    </div>
  );
}
