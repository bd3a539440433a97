import type { WeekAgent, WeekShift } from '@vigie/contract/planning.contract';
import { CalendarX2 } from 'lucide-react';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useWeek } from '../api/get-week';
import { formatDay, formatLongDay, formatShortDay } from './planning-dates';
import { WeekShiftCard } from './week-shift-card';

type AgentRow = { agentId: string; agentName: string; byDay: Map<string, WeekShift[]> };
type DayShift = WeekShift & { agentName: string };

/** The server sends the agents by name, each with its shifts by start. */
function rowsOf(agents: readonly WeekAgent[]): AgentRow[] {
  return agents.map((agent) => {
    const byDay = new Map<string, WeekShift[]>();
    for (const shift of agent.shifts) byDay.set(shift.date, [...(byDay.get(shift.date) ?? []), shift]);
    return { agentId: agent.id, agentName: agent.name, byDay };
  });
}

/** 'Vue semaine': 7 days from the chosen date; a row per agent who has shifts. */
export function WeekViewTab({ from, today }: { from: string; today: string }) {
  const week = useWeek(from);
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = week;
  const days = data?.pages[0]?.items.days ?? [];
  const agents = data?.pages.flatMap((page) => page.items.agents) ?? [];
  const total = data?.pages[0]?.total ?? agents.length;
  const rows = rowsOf(agents);
  const shifts: DayShift[] = agents.flatMap((a) => a.shifts.map((s) => ({ ...s, agentName: a.name })));
  const first = days[0] ?? from;
  const last = days[days.length - 1] ?? from;
  const title = t('Semaine du {from} au {to}', { from: formatDay(first), to: formatDay(last) });

  return (
    <QueryState
      query={week}
      loading={t('Chargement de la semaine…')}
      error={t('Impossible de charger la semaine')}
      empty={{
        when: rows.length === 0,
        icon: CalendarX2,
        title: t('Aucune garde programmée du {from} au {to}', {
          from: formatDay(first),
          to: formatDay(last),
        }),
      }}
    >
      <div className="flex flex-col gap-3">
        {total > agents.length ? (
          <p className="text-sm text-fg-muted" aria-live="polite" data-testid="week-agents-count">
            {t('{shown} agents affichés sur {total} ayant des gardes cette semaine', {
              shown: agents.length,
              total,
            })}
          </p>
        ) : null}
        <Card className="p-0">
          {/* Wide screens: the grid (it scrolls sideways when narrower than its 7 columns). */}
          <section
            aria-label={title}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
            tabIndex={0}
            className="hidden overflow-x-auto rounded-xl md:block"
          >
            <table className="w-full min-w-[960px] table-fixed border-collapse text-left">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-ink-700">
                  <th
                    scope="col"
                    className="sticky left-0 z-10 w-44 bg-ink-850 p-3 text-sm font-medium text-fg-muted"
                  >
                    {t('Agent')}
                  </th>
                  {days.map((day) => {
                    const label = formatShortDay(day);
                    return (
                      <th
                        key={day}
                        scope="col"
                        className={cn(
                          'p-3 text-sm font-medium',
                          day === today ? 'text-blue-200' : 'text-fg-muted',
                        )}
                      >
                        <span className="block capitalize">{label.weekday}</span>
                        <span className="block text-white">{label.date}</span>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.agentId} className="border-b border-ink-700 last:border-b-0">
                    <th
                      scope="row"
                      className="sticky left-0 z-10 bg-ink-850 p-3 align-top text-sm font-medium break-words text-white"
                    >
                      {row.agentName}
                    </th>
                    {days.map((day) => (
                      <td key={day} className={cn('p-1.5 align-top', day === today && 'bg-blue-500/5')}>
                        <div className="flex flex-col gap-1.5">
                          {(row.byDay.get(day) ?? []).map((shift) => (
                            <WeekShiftCard key={shift.id} shift={shift} />
                          ))}
                        </div>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          {/* Phones: the same week as a list of days. */}
          <div className="flex flex-col divide-y divide-ink-700 md:hidden">
            <h2 className="p-4 text-sm font-semibold text-white">{title}</h2>
            {days.map((day) => {
              const ofDay = shifts
                .filter((s) => s.date === day)
                .sort((a, b) => a.startTime.localeCompare(b.startTime));
              return (
                <section key={day} aria-label={formatLongDay(day)} className="flex flex-col gap-2 p-4">
                  <h3
                    className={cn(
                      // Only the weekday's first letter: French month names stay lowercase.
                      'text-sm font-medium first-letter:uppercase',
                      day === today ? 'text-blue-200' : 'text-slate-200',
                    )}
                  >
                    {formatLongDay(day)}
                  </h3>
                  {ofDay.length === 0 ? (
                    <p className="text-xs text-fg-muted">{t('Aucune garde')}</p>
                  ) : (
                    <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
                      {ofDay.map((shift) => (
                        <WeekShiftCard key={shift.id} shift={shift} showAgent />
                      ))}
                    </div>
                  )}
                </section>
              );
            })}
          </div>
        </Card>
        {hasNextPage ? (
          <Button
            variant="outline"
            className="self-center"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
          >
            {isFetchingNextPage ? t('Chargement...') : t("Afficher plus d'agents")}
          </Button>
        ) : null}
      </div>
    </QueryState>
  );
}
