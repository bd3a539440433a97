import type { DashboardAlert } from '@vigie/contract/dashboard.contract';
import { BellOff, MapPin, TriangleAlert } from 'lucide-react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { otherSeverityClass, severityClasses, severityLabels } from './severity';

export function RecentAlerts({ alerts, timezone }: { alerts: DashboardAlert[]; timezone?: string }) {
  return (
    <Card className="flex flex-col">
      <div className="flex flex-col gap-1 border-b border-ink-700 p-5">
        <CardTitle className="flex items-center gap-2">
          <TriangleAlert aria-hidden="true" className="size-5 text-amber-300" />
          {t('Alertes récentes')}
        </CardTitle>
        <CardDescription>{t('Les 5 dernières alarmes de vos sites')}</CardDescription>
      </div>
      {alerts.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-10 text-center text-fg-muted">
          <BellOff aria-hidden="true" className="size-8" />
          <p>{t('Aucune alerte récente')}</p>
        </div>
      ) : (
        <ul className="divide-y divide-ink-700">
          {alerts.slice(0, 5).map((alert) => (
            <li key={alert.id} className="flex flex-col gap-1.5 p-4">
              <div className="flex items-start justify-between gap-3">
                <p className="font-medium text-white">{alert.title}</p>
                <span
                  className={cn(
                    'shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-medium',
                    severityClasses[alert.severity] ?? otherSeverityClass,
                  )}
                >
                  {t(severityLabels[alert.severity] ?? alert.severity)}
                </span>
              </div>
              {alert.description ? <p className="text-sm text-slate-300">{alert.description}</p> : null}
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-muted">
                <span className="flex items-center gap-1">
                  <MapPin aria-hidden="true" className="size-3.5" />
                  {alert.location}
                </span>
                <time dateTime={alert.time}>{formatDateTime(alert.time, timezone)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
