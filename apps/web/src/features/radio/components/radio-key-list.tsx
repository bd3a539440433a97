import type { IntegrationKey } from '@vigie/contract/integrations.contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataList } from '../../../components/ui/data-list';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { useRadioKeys } from '../api/get-radio-keys';
import { useRevokeRadioKey } from '../api/revoke-radio-key';
import { LoadError } from './load-error';

/** The gateway keys, each with 'Révoquer' (asked twice): a table where there is room, cards on a phone. */
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
    <DataList
      caption="Clés de passerelle radio"
      columns={keyColumns(timezone)}
      rows={keys.data}
      rowKey={(key) => key.id}
      rowProps={() => ({ 'data-testid': 'radio-key-row' })}
    />
  );
}

const keyColumns = (timezone?: string): DataColumn<IntegrationKey>[] => [
  { id: 'name', header: 'Nom', primary: true, cell: (key) => key.name },
  {
    id: 'prefix',
    header: 'Préfixe',
    cell: (key) => <code className="text-xs text-slate-300">{key.prefix}…</code>,
  },
  { id: 'created', header: 'Créée le', cell: (key) => formatDateTime(key.createdAt, timezone) },
  {
    id: 'used',
    header: 'Dernière utilisation',
    cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt, timezone) : 'Jamais'),
  },
  {
    id: 'actions',
    header: 'Actions',
    srOnlyHeader: true,
    actions: true,
    cell: (key) => <RevokeKey gatewayKey={key} />,
  },
];

function RevokeKey({ gatewayKey }: { gatewayKey: IntegrationKey }) {
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

  return confirming ? (
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
      onClick={() => setConfirming(true)}
      aria-label={`Révoquer ${gatewayKey.name}`}
    >
      <Trash2 aria-hidden="true" />
      Révoquer
    </Button>
  );
}
