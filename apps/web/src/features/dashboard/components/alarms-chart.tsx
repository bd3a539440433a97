import type { AlarmsPerDay } from '@vigie/contract/dashboard.contract';
import { ChartColumnStacked } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { t } from '../../../lib/i18n/i18n';
import { chartSeries, dayLabel, dayTotal } from './alarms-chart-series';

const AlarmsChartPlot = lazy(() => import('./alarms-chart-plot'));

/** 'Alarmes des 7 derniers jours', stacked by severity; a table gives the same figures to screen readers. */
export function AlarmsChart({ days }: { days: AlarmsPerDay[] }) {
  const total = days.reduce((sum, day) => sum + dayTotal(day), 0);
  return (
    <Card className="flex flex-col" data-testid="alarms-chart">
      <div className="flex flex-col gap-1 border-b border-ink-700 p-5">
        <CardTitle className="flex items-center gap-2">
          <ChartColumnStacked aria-hidden="true" className="size-5 text-blue-300" />
          {t('Alarmes des 7 derniers jours')}
        </CardTitle>
        <CardDescription>
          {t(
            '{count, plural, one {{count} alarme sur la période, par gravité} other {{count} alarmes sur la période, par gravité}}',
            {
              count: total,
            },
          )}
        </CardDescription>
      </div>
      <div className="h-64 p-4" aria-hidden="true">
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center">
              <Spinner label={t('Chargement du graphique…')} />
            </div>
          }
        >
          <AlarmsChartPlot days={days} />
        </Suspense>
      </div>
      {/* A table ignores the 1px width of .sr-only: its wrapper carries it. */}
      <div className="sr-only">
        <table>
          <caption>{t('Alarmes par jour et par gravité, les 7 derniers jours')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Jour')}</th>
              {chartSeries.map((s) => (
                <th key={s.key} scope="col">
                  {t(s.label)}
                </th>
              ))}
              <th scope="col">{t('Total')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dayLabel(day.date)}</th>
                {chartSeries.map((s) => (
                  <td key={s.key}>{day[s.key]}</td>
                ))}
                <td>{dayTotal(day)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
