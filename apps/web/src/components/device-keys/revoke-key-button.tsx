import type { IntegrationKey } from '@vigie/contract/integrations.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';
import { Button } from '../ui/button';

type RevokeKeyButtonProps = {
  deviceKey: IntegrationKey;
  /** Revokes the key on the server. */
  onRevoke: () => Promise<unknown>;
  isPending: boolean;
  /** What the revoked key can no longer do, e.g. « ne peut plus rien envoyer » (in the user's language). */
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
      toast.success(t('Clé révoquée'), {
        description: t('« {name} » {consequence}', { name: deviceKey.name, consequence: revokedDescription }),
      });
    } catch (error) {
      toast.error(t('Impossible de révoquer la clé'), { description: errorMessage(error) });
      setConfirming(false);
    }
  };

  return confirming ? (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      <span role="alert" className="text-xs text-amber-100">
        {t('Révoquer cette clé ?')}
      </span>
      <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
        {t('Annuler')}
      </Button>
      <Button variant="danger" size="sm" onClick={() => void confirm()} disabled={isPending}>
        {isPending ? t('Révocation...') : t('Confirmer')}
      </Button>
    </div>
  ) : (
    <Button
      variant="danger-ghost"
      size="sm"
      className={className}
      onClick={() => setConfirming(true)}
      aria-label={t('Révoquer {name}', { name: deviceKey.name })}
    >
      <Trash2 aria-hidden="true" />
      {t('Révoquer')}
    </Button>
  );
}
