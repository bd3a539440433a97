import { ShieldCheck, Siren } from 'lucide-react';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { useOpenRadioAlerts } from '../api/get-open-radio-alerts';
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
          {t("Alertes d'urgence")}
        </CardTitle>
        <CardDescription>{t("SOS et urgences détectées par l'IA dans les transmissions.")}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={alerts}
          layout="card"
          loading={t('Chargement des alertes…')}
          error={t('Impossible de charger les alertes')}
          empty={{
            when: (data) => data.length === 0,
            icon: ShieldCheck,
            iconTone: 'success',
            title: t('Aucune alerte en cours.'),
          }}
        >
          {(data) => (
            <ul className="flex flex-col gap-3" aria-label={t('Alertes en cours')}>
              {data.map((alert) => (
                <RadioAlertItem key={alert.id} alert={alert} timezone={timezone} onOpen={onOpen} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
