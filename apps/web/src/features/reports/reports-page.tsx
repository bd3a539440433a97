import { FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { DEFAULT_TIMEZONE } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { useRealtimeLive } from '../../lib/use-realtime-live';
import { useAlarmTimes } from './api/get-alarm-times';
import { useReports } from './api/get-reports';
import { useReportStatistics } from './api/get-statistics';
import { periodDates } from './api/period';
import { AlarmTimesCard } from './components/alarm-times-card';
import { ReportCharts } from './components/charts';
import { GenerateDialog } from './components/generate-dialog';
import { QuickGenerator } from './components/quick-generator';
import { RecentReports } from './components/recent-reports';
import type { RollingPeriod } from './components/report-options';
import { ReportsRestricted } from './components/reports-restricted';
import { SchedulesCard } from './components/schedules-card';
import { StatCards } from './components/stat-cards';
import { useReadyToasts } from './components/use-ready-toasts';

/** Rapports et analyses: statistics of the period, two charts, report generation and the recent reports. */
export default function ReportsPage() {
  const { user } = useSession();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const [period, setPeriod] = useState<RollingPeriod>('month');
  const [siteId, setSiteId] = useState<string | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const live = useRealtimeLive();
  const statistics = useReportStatistics({ period, siteId });
  const alarmTimes = useAlarmTimes({ period, siteId });
  const reports = useReports(live);
  useReadyToasts(reports.data?.items);

  if (user?.role === 'agent') return <ReportsRestricted />;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {t('Rapports et analyses')}
          </h1>
          <p className="text-fg-muted">
            {t('Statistiques de la période et rapports PDF ou Excel générés en arrière-plan.')}
          </p>
        </div>
        <Button onClick={() => setDialogOpen(true)}>
          <FilePlus2 aria-hidden="true" />
          {t('Générer un rapport')}
        </Button>
      </div>

      <QuickGenerator
        timezone={timezone}
        period={period}
        siteId={siteId}
        onPeriodChange={setPeriod}
        onSiteChange={setSiteId}
        onCustom={() => setDialogOpen(true)}
      />

      <QueryState
        query={statistics}
        loading={t('Chargement des statistiques…')}
        error={t('Impossible de charger les statistiques')}
      >
        {(data) => (
          <>
            <StatCards statistics={data} />
            <ReportCharts statistics={data} />
          </>
        )}
      </QueryState>

      {alarmTimes.data ? <AlarmTimesCard times={alarmTimes.data} /> : null}

      <RecentReports reports={reports} timezone={timezone} />

      <SchedulesCard timezone={timezone} />

      <GenerateDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        initial={{ ...periodDates(period, timezone), siteId }}
      />
    </div>
  );
}
