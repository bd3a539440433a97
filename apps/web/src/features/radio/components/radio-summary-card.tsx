import type { RadioSummary } from '@vigie/contract/radio-traffic.contract';
import { BrainCircuit } from 'lucide-react';
import { QueryState } from '../../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useRadioSummary } from '../api/get-radio-summary';
import { formatMinutes } from './radio-format';

/** The recommendation's colours: intervention red, coverage orange, optimal green. */
const levelClasses: Record<RadioSummary['recommendation']['level'], string> = {
  intervention: 'border-red-500/50 bg-red-500/10 text-red-200',
  coverage: 'border-orange-500/50 bg-orange-500/10 text-orange-200',
  optimal: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
};

function Stat({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-ink-700 bg-ink-900/60 p-3">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className={cn('text-xl font-semibold', alert ? 'text-red-300' : 'text-white')}>{value}</dd>
    </div>
  );
}

/** 'Analyse IA': the fleet at a glance and what the control room should do now. */
export function RadioSummaryCard() {
  const summary = useRadioSummary();
  return (
    <Card data-testid="radio-summary">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BrainCircuit aria-hidden="true" className="size-5 text-blue-300" />
          {t('Analyse IA')}
        </CardTitle>
        <CardDescription>
          {t('État du parc radio et recommandation, mis à jour en temps réel.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={summary}
          layout="card"
          loading={t("Chargement de l'analyse…")}
          error={t("Impossible de charger l'analyse")}
        >
          {(data) => (
            <div className="flex flex-col gap-4">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
                <Stat label={t('Radios actives')} value={`${data.radiosActive}/${data.radiosTotal}`} />
                <Stat label={t('En ligne')} value={String(data.radiosOnline)} />
                <Stat
                  label={t('Alertes actives')}
                  value={String(data.activeAlerts)}
                  alert={data.activeAlerts > 0}
                />
                <Stat label={t('Temps de réponse moyen')} value={formatMinutes(data.avgResponseMinutes)} />
                <Stat label={t("Communications aujourd'hui")} value={String(data.communicationsToday)} />
                <Stat
                  label={t("Urgences aujourd'hui")}
                  value={String(data.emergenciesToday)}
                  alert={data.emergenciesToday > 0}
                />
              </dl>
              <p
                aria-live="polite"
                data-testid="radio-recommendation"
                data-level={data.recommendation.level}
                className={cn(
                  'rounded-lg border p-3 text-sm font-medium',
                  levelClasses[data.recommendation.level],
                )}
              >
                {data.recommendation.text}
              </p>
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
