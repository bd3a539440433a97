import type { AccessPoint } from '@vigie/contract/access.contract';
import type { IntegrationKey } from '@vigie/contract/integrations.contract';
import { RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { usePointKeys } from '../api/get-point-keys';
import { useRevokePointKey } from '../api/revoke-point-key';
import { CreatePointKeyForm } from './create-point-key-form';

type PointKeysDialogProps = {
  point: AccessPoint | null;
  onOpenChange: (open: boolean) => void;
  timezone?: string;
};

/** Clés de lecteur (administrators): one key per reader or kiosk of the point, shown once. */
export function PointKeysDialog({ point, onOpenChange, timezone }: PointKeysDialogProps) {
  return (
    <Dialog open={point !== null} onOpenChange={onOpenChange}>
      {point ? (
        <DialogContent
          size="lg"
          title={`Clés de lecteur — ${point.name}`}
          description="Chaque lecteur ou borne de ce point s'identifie auprès de Vigie avec sa propre clé (en-tête X-Api-Key). Une clé révoquée est refusée aussitôt."
        >
          <div className="flex flex-col gap-5">
            <CreatePointKeyForm point={point} />
            <KeyList point={point} timezone={timezone} />
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function KeyList({ point, timezone }: { point: AccessPoint; timezone?: string }) {
  const keys = usePointKeys(point.id);
  if (keys.isPending) return <Spinner label="Chargement des clés…" />;
  if (keys.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-red-200">{errorMessage(keys.error, 'Impossible de charger les clés')}</p>
        <Button variant="outline" size="sm" onClick={() => void keys.refetch()}>
          <RefreshCw aria-hidden="true" />
          Réessayer
        </Button>
      </div>
    );
  }
  if (keys.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-ink-600 p-4 text-center text-sm text-fg-muted">
        Aucune clé : aucun lecteur ne peut encore contrôler de badge à ce point.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-ink-700 rounded-lg border border-ink-700" aria-label="Clés de lecteur">
      {keys.data.map((key) => (
        <KeyRow key={key.id} pointId={point.id} readerKey={key} timezone={timezone} />
      ))}
    </ul>
  );
}

function KeyRow({
  pointId,
  readerKey,
  timezone,
}: {
  pointId: string;
  readerKey: IntegrationKey;
  timezone?: string;
}) {
  const revoke = useRevokePointKey();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await revoke.mutateAsync({ pointId, keyId: readerKey.id });
      toast.success('Clé révoquée', {
        description: `« ${readerKey.name} » ne peut plus contrôler de badge.`,
      });
    } catch (error) {
      toast.error('Impossible de révoquer la clé', { description: errorMessage(error) });
      setConfirming(false);
    }
  };

  return (
    <li
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="point-key-row"
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium break-words text-white">{readerKey.name}</p>
        <p className="text-xs text-fg-muted">
          <code className="text-slate-300">{readerKey.prefix}…</code> · créée le{' '}
          {formatDateTime(readerKey.createdAt, timezone)} ·{' '}
          {readerKey.lastUsedAt
            ? `dernière utilisation le ${formatDateTime(readerKey.lastUsedAt, timezone)}`
            : 'jamais utilisée'}
        </p>
      </div>
      {confirming ? (
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <span role="alert" className="text-xs text-amber-100">
            Révoquer cette clé ?
          </span>
          <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
            Annuler
          </Button>
          <Button variant="danger" size="sm" onClick={() => void confirm()} disabled={revoke.isPending}>
            {revoke.isPending ? 'Révocation...' : 'Confirmer'}
          </Button>
        </div>
      ) : (
        <Button
          variant="danger-ghost"
          size="sm"
          className="self-start sm:self-auto"
          onClick={() => setConfirming(true)}
          aria-label={`Révoquer ${readerKey.name}`}
        >
          <Trash2 aria-hidden="true" />
          Révoquer
        </Button>
      )}
    </li>
  );
}
