import type { DashboardSite } from '@vigie/contract/dashboard.contract';
import { Building2, Camera, DoorOpen } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

const siteStatusLabels: Record<DashboardSite['status'], string> = { Actif: 'Actif' };

export function ActiveSites({ sites, timezone }: { sites: DashboardSite[]; timezone?: string }) {
  return (
    <Card className="flex flex-col">
      <div className="flex flex-col gap-1 border-b border-ink-700 p-5">
        <CardTitle className="flex items-center gap-2">
          <Building2 aria-hidden="true" className="size-5 text-blue-300" />
          {t('Sites actifs')}
        </CardTitle>
        <CardDescription>{t('Les 5 sites mis à jour le plus récemment')}</CardDescription>
      </div>
      {sites.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-10 text-center text-fg-muted">
          <Building2 aria-hidden="true" className="size-8" />
          <p>{t('Aucun site actif')}</p>
        </div>
      ) : (
        <ul className="divide-y divide-ink-700">
          {sites.slice(0, 5).map((site) => (
            <li key={site.id} className="flex flex-col gap-1.5 p-4">
              <div className="flex items-start justify-between gap-3">
                <p className="font-medium text-white">{site.name}</p>
                <Badge tone={site.status === 'Actif' ? 'success' : 'neutral'}>
                  {t(siteStatusLabels[site.status])}
                </Badge>
              </div>
              <p className="text-sm text-slate-300">{site.address}</p>
              <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-fg-muted">
                <span className="flex items-center gap-1">
                  <Camera aria-hidden="true" className="size-3.5" />
                  {t('{count, plural, one {{count} caméra} other {{count} caméras}}', {
                    count: site.cameras,
                  })}
                </span>
                <span className="flex items-center gap-1">
                  <DoorOpen aria-hidden="true" className="size-3.5" />
                  {t("{count, plural, one {{count} point d'accès} other {{count} points d'accès}}", {
                    count: site.accessPoints,
                  })}
                </span>
                <span>
                  {t('Mis à jour le')}{' '}
                  <time dateTime={site.lastUpdate}>{formatDateTime(site.lastUpdate, timezone)}</time>
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
