import type { ReportStatistics } from '@vigie/contract/reports.contract';
import { ChartColumnStacked, ChartLine } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { intlLocale } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { shortDay } from '../api/period';

const AlarmsPlot = lazy(() => import('./chart-plots').then((m) => ({ default: m.AlarmsPlot })));
const ResponsePlot = lazy(() => import('./chart-plots').then((m) => ({ default: m.ResponsePlot })));

function ChartCard(props: {
  title: string;
  description: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
  table: ReactNode;
}) {
  return (
    <Card className="flex flex-col" data-testid={props.testId}>
      <div className="flex flex-col gap-1 border-b border-ink-700 p-5">
        <CardTitle className="flex items-center gap-2">
          {props.icon}
          {props.title}
        </CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </div>
      <div className="h-72 p-4" aria-hidden="true">
        <Suspense
          fallback={
            <div className="flex h-full items-center justify-center">
              <Spinner label={t('Chargement du graphique…')} />
            </div>
          }
        >
          {props.children}
        </Suspense>
      </div>
      {/* The same figures for screen readers (a table ignores the 1px width of .sr-only: its wrapper carries it). */}
      <div className="sr-only">{props.table}</div>
    </Card>
  );
}

/** Minutes with one decimal, in the user's language (« 4,5 » in French). */
const minutes = (value: number) =>
  new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 }).format(value);

/** The page's two charts: alarms per day by severity; response time and access refusals. */
export function ReportCharts({ statistics: s }: { statistics: ReportStatistics }) {
  const total = s.totalIncidents;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <ChartCard
        testId="report-alarms-chart"
        title={t('Alarmes par jour et par gravité')}
        description={t('{count, plural, one {{total} alarme} other {{total} alarmes}} sur la période', {
          count: total,
          total: String(total),
        })}
        icon={<ChartColumnStacked aria-hidden="true" className="size-5 text-blue-300" />}
        table={
          <table>
            <caption>{t('Alarmes par jour et par gravité')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Jour')}</th>
                <th scope="col">{t('Faible')}</th>
                <th scope="col">{t('Moyen')}</th>
                <th scope="col">{t('Important')}</th>
                <th scope="col">{t('Critique')}</th>
              </tr>
            </thead>
            <tbody>
              {s.alarmsPerDay.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{shortDay(d.day)}</th>
                  <td>{d.low}</td>
                  <td>{d.medium}</td>
                  <td>{d.high}</td>
                  <td>{d.critical}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <AlarmsPlot days={s.alarmsPerDay} />
      </ChartCard>
      <ChartCard
        testId="report-response-chart"
        title={t('Temps de réponse et accès refusés')}
        description={t(
          '{count, plural, one {{refusals} accès refusé} other {{refusals} accès refusés}} ; réponse moyenne {average}',
          {
            count: s.unauthorizedAttempts,
            refusals: String(s.unauthorizedAttempts),
            average: s.avgResponseTime === null ? '—' : `${minutes(s.avgResponseTime)} min`,
          },
        )}
        icon={<ChartLine aria-hidden="true" className="size-5 text-blue-300" />}
        table={
          <table>
            <caption>{t('Temps de réponse moyen et accès refusés par jour')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Jour')}</th>
                <th scope="col">{t('Temps de réponse (min)')}</th>
                <th scope="col">{t('Accès refusés')}</th>
              </tr>
            </thead>
            <tbody>
              {s.responsePerDay.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{shortDay(d.day)}</th>
                  <td>{d.avgResponseTime === null ? '—' : minutes(d.avgResponseTime)}</td>
                  <td>{d.accessRefusals}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <ResponsePlot days={s.responsePerDay} />
      </ChartCard>
    </div>
  );
}
