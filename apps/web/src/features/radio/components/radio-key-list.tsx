import type { IntegrationKey } from '@vigie/contract/integrations.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { useRadioKeys } from '../api/get-radio-keys';
import { useRevokeRadioKey } from '../api/revoke-radio-key';
import { LoadError } from './load-error';

/** The gateway keys, each with 'Révoquer' (asked twice). */
export function RadioKeyList({ timezone }: { timezone?: string }) {
  const keys = useRadioKeys();
  if (keys.isPending) return <Spinner label="Chargement des clés…" />;
  if (!keys.data) {
    return (
      <LoadError
        error={keys.error}
        fallback="Impossible de charger les clés"
        onRetry={() => void keys.refetch()}
      />
    );
  }
  if (keys.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-ink-600 p-4 text-center text-sm text-fg-muted">
        Aucune clé : aucune passerelle ne peut encore envoyer l'état des radios.
      </p>
    );
  }
  return (
    <ul
      className="divide-y divide-ink-700 rounded-lg border border-ink-700"
      aria-label="Clés de passerelle radio"
    >
      {keys.data.map((key) => (
        <KeyRow key={key.id} gatewayKey={key} timezone={timezone} />
      ))}
    </ul>
  );
}

function KeyRow({ gatewayKey, timezone }: { gatewayKey: IntegrationKey; timezone?: string }) {
  const revoke = useRevokeRadioKey();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    try {
      await revoke.mutateAsync(gatewayKey.id);
      toast.success('Clé révoquée', { description: `« ${gatewayKey.name} » ne peut plus rien envoyer.` });
    } catch (error) {
      toast.error('Impossible de révoquer la clé', { description: errorMessage(error) });
      setConfirming(false);
    }
  };

  return (
    <li
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="radio-key-row"
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium break-words text-white">{gatewayKey.name}</p>
        <p className="text-xs text-fg-muted">
          <code className="text-slate-300">{gatewayKey.prefix}…</code> · créée le{' '}
          {formatDateTime(gatewayKey.createdAt, timezone)} ·{' '}
          {gatewayKey.lastUsedAt
            ? `dernière utilisation le ${formatDateTime(gatewayKey.lastUsedAt, timezone)}`
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
          aria-label={`Révoquer ${gatewayKey.name}`}
        >
          <Trash2 aria-hidden="true" />
          Révoquer
        </Button>
      )}
    </li>
  );
}
