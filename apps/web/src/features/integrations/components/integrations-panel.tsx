import { KeyRound, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { useIntegrationKeys } from '../api/get-integration-keys';
import { CreateKeyForm } from './create-key-form';
import { IntegrationHelp } from './integration-help';
import { RevokeKeyDialog } from './revoke-key-dialog';

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
          <ul
            className="divide-y divide-ink-700 rounded-lg border border-ink-700"
            aria-label="Clés d'intégration"
          >
            {keys.map((key) => (
              <li
                key={key.id}
                data-testid="integration-key-row"
                className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-0.5">
                  <p className="font-medium break-words text-white">{key.name}</p>
                  <p className="text-xs text-fg-muted">
                    <code className="text-slate-300">{key.prefix}…</code> · créée le{' '}
                    {formatDateTime(key.createdAt, timezone)} ·{' '}
                    {key.lastUsedAt
                      ? `dernière utilisation le ${formatDateTime(key.lastUsedAt, timezone)}`
                      : 'jamais utilisée'}
                  </p>
                </div>
                <RevokeKeyDialog integrationKey={key} />
              </li>
            ))}
          </ul>
        )}
        <IntegrationHelp />
      </div>
    </Card>
  );
}
