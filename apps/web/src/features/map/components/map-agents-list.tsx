// The agents on duty as a list beside the map: what the canvas draws, readable as text (and by a
// screen reader) — each agent's state, the age of his position and, on an intervention, how far he
// still is from its site. A click shows him on the map's panel.
import { distanceMetres } from '@vigie/contract/geo';
import { type MapOverview, mapAgentStateLabels } from '@vigie/contract/map.contract';
import { formatAge, formatDistance } from '../../../components/interventions/intervention-format';
import { Badge } from '../../../components/ui/badge';
import { intlLocale } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { interventionStateText } from '../map-features';
import type { MapSelection } from './live-map';

interface MapAgentsListProps {
  overview: MapOverview;
  now: number;
  onSelect: (selection: MapSelection) => void;
}

export function MapAgentsList({ overview, now, onSelect }: MapAgentsListProps) {
  if (overview.agents.length === 0) return null;
  const sites = new Map(overview.sites.map((s) => [s.id, s]));
  const running = new Map(overview.interventions.map((i) => [i.agentId, i]));
  const agents = [...overview.agents].sort(
    (a, b) =>
      Number(running.has(b.id)) - Number(running.has(a.id)) || a.name.localeCompare(b.name, intlLocale()),
  );
  return (
    <section aria-labelledby="map-agents-title" className="flex flex-col gap-2">
      <h2 id="map-agents-title" className="text-sm font-semibold text-white">
        {t('Agents en service ({count})', { count: overview.agents.length })}
      </h2>
      <ul aria-label={t('Agents en service')} className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {agents.map((agent) => {
          const intervention = running.get(agent.id);
          const site = intervention ? sites.get(intervention.siteId) : undefined;
          const away = site ? distanceMetres(agent, site) : null;
          const age = Math.max(0, Math.round((now - Date.parse(agent.positionAt)) / 1000));
          return (
            <li key={agent.id} data-testid="map-agent">
              <button
                type="button"
                onClick={() => onSelect({ kind: 'agent', id: agent.id })}
                className="flex w-full flex-col gap-1 rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-left hover:border-blue-400/60 focus-visible:outline-2 focus-visible:outline-blue-400"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm font-medium text-white">{agent.name}</span>
                  <Badge tone={agent.state === 'busy' ? 'warning' : 'success'}>
                    {t(mapAgentStateLabels[agent.state])}
                  </Badge>
                </span>
                <span className="text-xs text-fg-muted">
                  {t('Position {age}', { age: formatAge(age) })}
                  {agent.siteName ? ` · ${agent.siteName}` : ''}
                </span>
                {intervention ? (
                  <span className="text-xs text-amber-200">
                    {interventionStateText(intervention)} — {intervention.siteName}
                    {away !== null
                      ? ` · ${t('à {distance} du site', { distance: formatDistance(away) })}`
                      : ''}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
