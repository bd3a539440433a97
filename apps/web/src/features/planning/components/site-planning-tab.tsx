import type { Shift } from '@vigie/contract/planning.contract';
import { Building2, CalendarX2 } from 'lucide-react';
import { QueryState } from '../../../components/query-state';
import { Card } from '../../../components/ui/card';
import { currentLocale, t } from '../../../lib/i18n/i18n';
import { usePlanningSites } from '../api/get-planning-sites';
import { useDayShifts } from '../api/get-shifts';
import { ShiftStatusBadge, ShiftTypeBadge, shiftTypeStyles, timeRange } from './shift-badges';

type SiteGroup = { siteId: string; siteName: string; shifts: Shift[] };

function groupBySite(shifts: readonly Shift[]): SiteGroup[] {
  const groups = new Map<string, SiteGroup>();
  for (const shift of [...shifts].sort((a, b) => a.start.localeCompare(b.start))) {
    const group = groups.get(shift.siteId) ?? { siteId: shift.siteId, siteName: shift.siteName, shifts: [] };
    group.shifts.push(shift);
    groups.set(shift.siteId, group);
  }
  return [...groups.values()].sort((a, b) => a.siteName.localeCompare(b.siteName, currentLocale()));
}

/** 'Planning par site': the chosen day's shifts, one card per site. */
export function SitePlanningTab({ day }: { day: string }) {
  const list = useDayShifts(day);
  const sites = usePlanningSites();
  const groups = groupBySite(list.data ?? []);
  const planned = new Set(groups.map((g) => g.siteId));
  const idle = (sites.data ?? []).filter((s) => s.status === 'active' && !planned.has(s.id));

  return (
    <div className="flex flex-col gap-4">
      <QueryState
        query={list}
        loading={t('Chargement du planning…')}
        error={t('Impossible de charger le planning')}
        empty={{
          when: groups.length === 0,
          icon: CalendarX2,
          title: t('Aucune garde programmée pour cette date'),
        }}
      >
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {groups.map((group) => (
            <li key={group.siteId}>
              <Card className="flex h-full flex-col gap-3 p-5" data-testid="site-planning-card">
                <div className="flex items-center justify-between gap-3">
                  <h2 className="flex min-w-0 items-center gap-2 text-lg font-semibold text-white">
                    <Building2 aria-hidden="true" className="size-5 shrink-0 text-blue-300" />
                    <span className="min-w-0 break-words">{group.siteName}</span>
                  </h2>
                  <span className="shrink-0 text-sm text-fg-muted">
                    {t('{count, plural, one {# garde} other {# gardes}}', { count: group.shifts.length })}
                  </span>
                </div>
                <ul className="flex flex-col gap-2">
                  {group.shifts.map((shift) => (
                    <li
                      key={shift.id}
                      className={`flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2 ${shiftTypeStyles[shift.type].card}`}
                    >
                      <div className="flex min-w-0 flex-col">
                        <span className="font-medium break-words text-white">{shift.agentName}</span>
                        <span className="text-sm text-slate-300">{timeRange(shift)}</span>
                      </div>
                      <div className="flex flex-wrap items-center gap-2">
                        <ShiftTypeBadge type={shift.type} />
                        <ShiftStatusBadge status={shift.status} />
                      </div>
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </QueryState>
      {list.data && idle.length > 0 ? (
        <p className="text-sm text-fg-muted">
          {t('Sans garde ce jour : {sites}', { sites: idle.map((s) => s.name).join(', ') })}
        </p>
      ) : null}
    </div>
  );
}
