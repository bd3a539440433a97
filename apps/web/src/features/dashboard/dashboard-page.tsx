import { Building2, Camera, RefreshCw, Siren, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
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
  const { data, isPending, isError, error, refetch } = useDashboardOverview();

  useEffect(() => {
    if (isError) console.error('Erreur chargement dashboard', error);
  }, [isError, error]);

  const operational = data ? isOperational(data.systemHealth) : null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Tableau de bord</h1>
          <p className="text-fg-muted">Vue d'ensemble de vos sites, caméras, alarmes et agents.</p>
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
            {operational ? 'Système opérationnel' : 'Système dégradé'}
          </p>
        ) : null}
      </div>

      {isPending ? (
        <div className="flex justify-center py-20">
          <Spinner label="Chargement du tableau de bord…" className="[&_svg]:size-8" />
        </div>
      ) : isError && !data ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <p className="text-red-200">Le tableau de bord n'a pas pu être chargé.</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            <RefreshCw aria-hidden="true" />
            Réessayer
          </Button>
        </Card>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              title="Sites surveillés"
              value={String(data.stats.totalSites)}
              detail={`+${data.stats.newSitesThisMonth} ce mois-ci`}
              icon={Building2}
              tone="bg-blue-500/15 text-blue-300"
            />
            <StatCard
              title="Caméras actives"
              value={`${data.stats.activeCameras}/${data.stats.totalCameras}`}
              detail={`${data.stats.totalCameras} caméra${data.stats.totalCameras > 1 ? 's' : ''} installée${data.stats.totalCameras > 1 ? 's' : ''}`}
              icon={Camera}
              tone="bg-emerald-500/15 text-emerald-300"
            />
            <StatCard
              title="Alertes aujourd'hui"
              value={String(data.stats.alertsToday)}
              detail={`${data.stats.criticalAlerts} critique${data.stats.criticalAlerts > 1 ? 's' : ''}`}
              icon={Siren}
              tone="bg-red-500/15 text-red-300"
            />
            <StatCard
              title="Agents en ligne"
              value={`${data.stats.onlineAgents}/${data.stats.totalAgents}`}
              detail={`${data.stats.totalAgents} agent${data.stats.totalAgents > 1 ? 's' : ''} au total`}
              icon={Users}
              tone="bg-violet-500/15 text-violet-300"
            />
          </div>
          <AlarmsChart days={data.alarmsPerDay} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <RecentAlerts alerts={data.recentAlerts} timezone={user?.timezone} />
            <ActiveSites sites={data.activeSites} timezone={user?.timezone} />
          </div>
          <SystemHealth components={data.systemHealth} />
        </>
      )}
    </div>
  );
}
