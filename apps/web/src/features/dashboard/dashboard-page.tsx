import { Building2, Camera, Siren, Users } from 'lucide-react';
import { useEffect } from 'react';
import { QueryState } from '../../components/query-state';
import { t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { cn } from '../../lib/utils';
import { useDashboardOverview } from './api/get-dashboard-overview';
import { ActiveSites } from './components/active-sites';
import { AlarmsChart } from './components/alarms-chart';
import { RecentAlerts } from './components/recent-alerts';
import { StatCard } from './components/stat-card';
import { isOperational, SystemHealth } from './components/system-health';

/** Tableau de bord: one call to GET /api/dashboard/overview, refreshed every 30 s. */
export default function DashboardPage() {
  const { user } = useSession();
  const dashboard = useDashboardOverview();
  const { data, isError, error } = dashboard;

  useEffect(() => {
    if (isError) console.error('Erreur chargement dashboard', error);
  }, [isError, error]);

  const operational = data ? isOperational(data.systemHealth) : null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{t('Tableau de bord')}</h1>
          <p className="text-fg-muted">{t("Vue d'ensemble de vos sites, caméras, alarmes et agents.")}</p>
        </div>
        {operational !== null ? (
          <p
            className={cn(
              'flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium',
              operational
                ? 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200'
                : 'border-amber-500/40 bg-amber-500/10 text-amber-200',
            )}
            data-testid="system-status"
          >
            <span
              aria-hidden="true"
              className={cn(
                'size-2.5 rounded-full',
                operational ? 'animate-pulse bg-emerald-400' : 'bg-amber-400',
              )}
            />
            {operational ? t('Système opérationnel') : t('Système dégradé')}
          </p>
        ) : null}
      </div>

      <QueryState
        query={dashboard}
        loading={t('Chargement du tableau de bord…')}
        error={t("Le tableau de bord n'a pas pu être chargé.")}
      >
        {(overview) => (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard
                title={t('Sites surveillés')}
                value={String(overview.stats.totalSites)}
                detail={t('+{count} ce mois-ci', { count: overview.stats.newSitesThisMonth })}
                icon={Building2}
                tone="bg-blue-500/15 text-blue-300"
              />
              <StatCard
                title={t('Caméras actives')}
                value={`${overview.stats.activeCameras}/${overview.stats.totalCameras}`}
                detail={t(
                  '{count, plural, one {{count} caméra installée} other {{count} caméras installées}}',
                  {
                    count: overview.stats.totalCameras,
                  },
                )}
                icon={Camera}
                tone="bg-emerald-500/15 text-emerald-300"
              />
              <StatCard
                title={t("Alertes aujourd'hui")}
                value={String(overview.stats.alertsToday)}
                detail={t('{count, plural, one {{count} critique} other {{count} critiques}}', {
                  count: overview.stats.criticalAlerts,
                })}
                icon={Siren}
                tone="bg-red-500/15 text-red-300"
              />
              <StatCard
                title={t('Agents en ligne')}
                value={`${overview.stats.onlineAgents}/${overview.stats.totalAgents}`}
                detail={t('{count, plural, one {{count} agent au total} other {{count} agents au total}}', {
                  count: overview.stats.totalAgents,
                })}
                icon={Users}
                tone="bg-violet-500/15 text-violet-300"
              />
            </div>
            <AlarmsChart days={overview.alarmsPerDay} />
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <RecentAlerts alerts={overview.recentAlerts} timezone={user?.timezone} />
              <ActiveSites sites={overview.activeSites} timezone={user?.timezone} />
            </div>
            <SystemHealth components={overview.systemHealth} />
          </>
        )}
      </QueryState>
    </div>
  );
}
