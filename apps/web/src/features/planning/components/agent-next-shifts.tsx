import { QueryState } from '../../../components/query-state';
import { t } from '../../../lib/i18n/i18n';
import { useShifts } from '../api/get-shifts';
import { formatDay } from './planning-dates';
import { ShiftStatusBadge, ShiftTypeBadge, timeRange } from './shift-badges';

/** The agent's detail shows their next 3 programmed shifts. */
export const NEXT_SHIFTS = 3;

export function AgentNextShifts({ agentId, today }: { agentId: string; today: string }) {
  const list = useShifts({ agentId, from: today });
  const next = (list.data ?? [])
    // i18n: not shown (a stored status compared, not a text)
    .filter((s) => s.status === 'Programmé')
    .sort((a, b) => a.start.localeCompare(b.start))
    .slice(0, NEXT_SHIFTS);
  return (
    <QueryState
      query={list}
      layout="inline"
      loading={t('Chargement des prochaines gardes…')}
      error={t('Impossible de charger les gardes')}
      empty={{ when: next.length === 0, title: t('Aucune garde programmée.') }}
    >
      <ul className="flex flex-col gap-2">
        {next.map((shift) => (
          <li
            key={shift.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-ink-700 bg-ink-850 px-3 py-2 text-sm"
          >
            <div className="flex min-w-0 flex-col">
              <span className="font-medium text-white">
                {formatDay(shift.date)} · {timeRange(shift)}
              </span>
              <span className="truncate text-fg-muted" title={shift.siteName}>
                {shift.siteName}
              </span>
            </div>
            <div className="flex items-center gap-2">
              <ShiftTypeBadge type={shift.type} />
              <ShiftStatusBadge status={shift.status} />
            </div>
          </li>
        ))}
      </ul>
    </QueryState>
  );
}
