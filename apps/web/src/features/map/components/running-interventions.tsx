// The control room's running interventions beside the map (issue 34): one row each, with the clock of
// the whole intervention and of its current step's deadline, ticking every second. The map shows
// where the agents are; this says who is late, at a glance and to a screen reader.
import type { InterventionListItem } from '@vigie/contract/interventions.contract';
import { Link } from 'react-router';
import {
  currentDeadline,
  deadlineText,
  formatClock,
  stateLabel,
  stateTone,
} from '../../../components/interventions/intervention-format';
import { useRunningInterventions } from '../../../components/interventions/interventions-api';
import { useNow } from '../../../components/interventions/use-now';
import { QueryState } from '../../../components/query-state';
import { Badge } from '../../../components/ui/badge';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

interface RunningInterventionsProps {
  /** The agents drawn on the map: a row selects its agent there when he is one of them. */
  agentsOnMap: ReadonlySet<string>;
  onSelectAgent: (agentId: string) => void;
  className?: string;
}

/**
 * Most urgent first: the nearest deadline (the late ones, most late first), then those on site, the
 * oldest first. Deadlines do not move while the clocks tick, so the order stays put between events.
 */
function byUrgency(a: InterventionListItem, b: InterventionListItem) {
  const da = currentDeadline(a);
  const db = currentDeadline(b);
  if (da && db) return Date.parse(da.at) - Date.parse(db.at);
  if (da) return -1;
  if (db) return 1;
  return Date.parse(a.createdAt) - Date.parse(b.createdAt);
}

export function RunningInterventions({ agentsOnMap, onSelectAgent, className }: RunningInterventionsProps) {
  const query = useRunningInterventions();
  const count = query.data?.length;
  return (
    <section
      aria-labelledby="running-interventions-title"
      className={cn('flex min-h-0 flex-col gap-2', className)}
    >
      <h2 id="running-interventions-title" className="text-sm font-semibold text-white">
        {count !== undefined ? t('Interventions en cours ({count})', { count }) : t('Interventions en cours')}
      </h2>
      <QueryState
        query={query}
        layout="inline"
        loading={t('Chargement des interventions en cours…')}
        error={t('Impossible de charger les interventions en cours')}
        empty={{ when: (rows) => rows.length === 0, title: t('Aucune intervention en cours') }}
      >
        {(rows) => (
          <RunningList
            rows={[...rows].sort(byUrgency)}
            agentsOnMap={agentsOnMap}
            onSelectAgent={onSelectAgent}
          />
        )}
      </QueryState>
    </section>
  );
}

function RunningList({
  rows,
  agentsOnMap,
  onSelectAgent,
}: {
  rows: InterventionListItem[];
  agentsOnMap: ReadonlySet<string>;
  onSelectAgent: (agentId: string) => void;
}) {
  // Only the list redraws each second, not the map.
  const now = useNow();
  return (
    // A long list scrolls inside the column: a region reachable by keyboard, named for screen readers.
    <section
      aria-label={t('Liste des interventions en cours')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto rounded-lg focus-visible:outline-2 focus-visible:outline-blue-400"
    >
      <ul className="flex flex-col gap-2">
        {rows.map((i) => (
          <RunningRow
            key={i.id}
            intervention={i}
            now={now}
            onMap={agentsOnMap.has(i.agentId)}
            onSelectAgent={onSelectAgent}
          />
        ))}
      </ul>
    </section>
  );
}

function RunningRow({
  intervention: i,
  now,
  onMap,
  onSelectAgent,
}: {
  intervention: InterventionListItem;
  now: number;
  onMap: boolean;
  onSelectAgent: (agentId: string) => void;
}) {
  const deadline = currentDeadline(i);
  const left = deadline ? Date.parse(deadline.at) - now : null;
  const late = left !== null && left <= 0;
  // The button holds the row's fixed words only: the ticking clock beside it would make its
  // accessible name change every second (it describes the button instead).
  const heading = (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="min-w-0 break-words text-sm font-medium text-white">{i.siteName}</span>
        <Badge tone={stateTone(i.state)} className="shrink-0">
          {stateLabel(i.state)}
        </Badge>
      </span>
      <span className="min-w-0 break-words text-xs text-fg-muted">
        {i.agentName}
        {i.alarmTitle ? ` · ${i.alarmTitle}` : ''}
      </span>
    </>
  );
  return (
    <li
      data-testid="running-intervention"
      className={cn(
        'flex flex-col gap-1 rounded-lg border bg-ink-900 px-3 py-2',
        late ? 'border-red-500/60' : 'border-ink-700',
        onMap && 'has-[button:hover]:border-blue-400/60',
      )}
    >
      {onMap ? (
        <button
          type="button"
          onClick={() => onSelectAgent(i.agentId)}
          aria-describedby={`running-clock-${i.id}`}
          className="flex w-full flex-col gap-1 rounded text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-400"
        >
          {heading}
          <span className="sr-only"> {t('(voir sur la carte)')}</span>
        </button>
      ) : (
        <div className="flex flex-col gap-1">{heading}</div>
      )}
      <span className="flex flex-wrap items-end justify-between gap-x-3 gap-y-0.5">
        <span
          id={`running-clock-${i.id}`}
          className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs tabular-nums"
          data-testid="intervention-clock"
        >
          <span className="text-fg">
            {t('Depuis {clock}', { clock: formatClock(now - Date.parse(i.createdAt)) })}
          </span>
          {deadline && left !== null ? (
            <span className={late ? 'font-semibold text-red-300' : 'text-amber-200'}>
              {deadlineText(deadline.kind, left)}
              {late ? ` ${deadline.kind === 'accept' ? t('(réponse)') : t('(arrivée)')}` : ''}
            </span>
          ) : i.state === 'on_site' && i.onSiteAt ? (
            <span className="text-emerald-200">
              {t('Sur place depuis {clock}', { clock: formatClock(now - Date.parse(i.onSiteAt)) })}
            </span>
          ) : null}
        </span>
        {i.alarmId ? (
          <Link
            className="text-xs text-blue-300 underline-offset-2 hover:underline"
            to={`/dashboard/alarms?alarm=${encodeURIComponent(i.alarmId)}`}
          >
            {t("Ouvrir l'alarme")}
            <span className="sr-only"> {i.alarmTitle ?? i.siteName}</span>
          </Link>
        ) : null}
      </span>
    </li>
  );
}
