import { KeyRound, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { type DataColumn, DataList } from '../../../components/ui/data-list';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { useIntegrationKeys } from '../api/get-integration-keys';
import { CreateKeyForm } from './create-key-form';
import { IntegrationHelp } from './integration-help';
import { RevokeKeyDialog } from './revoke-key-dialog';

type IntegrationKey = NonNullable<ReturnType<typeof useIntegrationKeys>['data']>[number];

/** A key's name, prefix, dates and 'Révoquer': a table where the panel is wide, cards on a phone. */
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
    className: '@3xl:text-right',
    cell: (key) => <RevokeKeyDialog integrationKey={key} />,
  },
];

/** Intégrations (administrators): keys that let alarm panels post alarms without a session. */
export function IntegrationsPanel({ timezone }: { timezone?: string }) {
  const { data: keys, isPending, isError, error, refetch } = useIntegrationKeys();

  return (
    <Card>
      <div className="flex flex-col gap-1.5 border-b border-ink-700 p-6">
        <CardTitle className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-blue-300" />
          Clés d'intégration
        </CardTitle>
        <CardDescription>
          Une clé par centrale d'alarme ou télésurveilleur : elle lui permet de déclencher des alarmes dans
          Vigie.
        </CardDescription>
      </div>
      <div className="flex flex-col gap-6 p-6">
        <CreateKeyForm />
        {isPending ? (
          <div className="flex justify-center p-6">
            <Spinner label="Chargement des clés…" />
          </div>
        ) : isError ? (
          <div className="flex flex-col items-center gap-3 p-6 text-center">
            <p className="text-red-200">{errorMessage(error, 'Impossible de charger les clés')}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              <RefreshCw aria-hidden="true" />
              Réessayer
            </Button>
          </div>
        ) : keys.length === 0 ? (
          <p className="rounded-lg border border-dashed border-ink-600 p-6 text-center text-sm text-fg-muted">
            Aucune clé d'intégration pour le moment.
          </p>
        ) : (
          <DataList
            caption="Clés d'intégration"
            columns={keyColumns(timezone)}
            rows={keys}
            rowKey={(key) => key.id}
            rowProps={() => ({ 'data-testid': 'integration-key-row' })}
          />
        )}
        <IntegrationHelp />
      </div>
    </Card>
  );
}
