import type { IntegrationKey } from '@vigie/contract/integrations.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-errors';
import { Button } from '../ui/button';

type RevokeKeyButtonProps = {
  deviceKey: IntegrationKey;
  /** Revokes the key on the server. */
  onRevoke: () => Promise<unknown>;
  isPending: boolean;
  /** What the revoked key can no longer do, e.g. « ne peut plus rien envoyer ». */
  revokedDescription: string;
  className?: string;
};

/** 'Révoquer', asked twice in place ('Annuler' / 'Confirmer'). */
export function RevokeKeyButton({
  deviceKey,
  onRevoke,
  isPending,
  revokedDescription,
  className,
}: RevokeKeyButtonProps) {
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await onRevoke();
      toast.success('Clé révoquée', { description: `« ${deviceKey.name} » ${revokedDescription}` });
    } catch (error) {
      toast.error('Impossible de révoquer la clé', { description: errorMessage(error) });
      setConfirming(false);
    }
  };

  return confirming ? (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      <span role="alert" className="text-xs text-amber-100">
        Révoquer cette clé ?
      </span>
      <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
        Annuler
      </Button>
      <Button variant="danger" size="sm" onClick={() => void confirm()} disabled={isPending}>
        {isPending ? 'Révocation...' : 'Confirmer'}
      </Button>
    </div>
  ) : (
    <Button
      variant="danger-ghost"
      size="sm"
      className={className}
      onClick={() => setConfirming(true)}
      aria-label={`Révoquer ${deviceKey.name}`}
    >
      <Trash2 aria-hidden="true" />
      Révoquer
    </Button>
  );
}
