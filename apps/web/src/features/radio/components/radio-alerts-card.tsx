import { ShieldCheck, Siren } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useOpenRadioAlerts } from '../api/get-open-radio-alerts';
import { LoadError } from './load-error';
import { RadioAlertItem } from './radio-alert-item';

type RadioAlertsCardProps = { timezone?: string; onOpen: (id: string) => void };

/** 'Alertes d'urgence': the first 3 alerts still open (SOS and emergencies detected in speech). */
export function RadioAlertsCard({ timezone, onOpen }: RadioAlertsCardProps) {
  const alerts = useOpenRadioAlerts();
  return (
    <Card data-testid="radio-alerts">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Siren aria-hidden="true" className="size-5 text-red-300" />
          Alertes d'urgence
        </CardTitle>
        <CardDescription>SOS et urgences détectées par l'IA dans les transmissions.</CardDescription>
      </CardHeader>
      <CardContent>
        {alerts.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Chargement des alertes…" />
          </div>
        ) : !alerts.data ? (
          <LoadError
            error={alerts.error}
            fallback="Impossible de charger les alertes"
            onRetry={() => void alerts.refetch()}
          />
        ) : alerts.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <ShieldCheck aria-hidden="true" className="size-8 text-emerald-300" />
            <p className="text-sm text-fg-muted">Aucune alerte en cours.</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Alertes en cours">
            {alerts.data.map((alert) => (
              <RadioAlertItem key={alert.id} alert={alert} timezone={timezone} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
