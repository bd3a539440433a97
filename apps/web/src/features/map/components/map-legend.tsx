import type { MapOverview } from '@vigie/contract/map.contract';
import { msg, t } from '../../../lib/i18n/i18n';
import { colors, type OverlaySource } from '../map-style';

const entries: { key: OverlaySource; label: string; color: string; count: (o: MapOverview) => number }[] = [
  { key: 'sites', label: msg('Sites'), color: colors.siteCalm, count: (o) => o.sites.length },
  { key: 'alarms', label: msg('Alarmes en cours'), color: colors.siteAlarm, count: (o) => o.alarms.length },
  {
    key: 'agents',
    label: msg('Agents en service'),
    color: colors.agentAvailable,
    count: (o) => o.agents.length,
  },
  { key: 'radios', label: msg('Radios'), color: colors.radio, count: (o) => o.radios.length },
  { key: 'tracks', label: msg('Interventions'), color: colors.track, count: (o) => o.interventions.length },
];

const keyItems = [
  { label: msg('Site en alarme'), color: colors.siteAlarm },
  { label: msg('Intervention en cours'), color: colors.siteIntervention },
  { label: msg('Site calme'), color: colors.siteCalm },
  { label: msg('Agent disponible'), color: colors.agentAvailable },
  { label: msg('Agent en intervention'), color: colors.agentBusy },
];

interface MapLegendProps {
  overview: MapOverview;
  visible: Record<OverlaySource, boolean>;
  onToggle: (key: OverlaySource) => void;
}

/** What is drawn (each kind can be hidden), how many of each, and what the colours say. */
export function MapLegend({ overview, visible, onToggle }: MapLegendProps) {
  return (
    <div className="flex flex-col gap-2">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('Éléments affichés sur la carte')}</legend>
        {entries.map((e) => (
          <label
            key={e.key}
            className="flex cursor-pointer items-center gap-1.5 rounded-full border border-ink-600 bg-ink-800/60 px-2.5 py-1 text-xs text-fg has-[:checked]:border-ink-500 sm:gap-2 sm:px-3 sm:text-sm"
          >
            <input
              type="checkbox"
              className="size-4 accent-blue-500"
              checked={visible[e.key]}
              onChange={() => onToggle(e.key)}
            />
            <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: e.color }} />
            {t(e.label)}
            <span className="font-semibold tabular-nums text-white">{e.count(overview)}</span>
          </label>
        ))}
      </fieldset>
      <ul
        className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-fg-muted sm:gap-x-4"
        aria-label={t('Légende')}
      >
        {keyItems.map((k) => (
          <li key={k.label} className="flex items-center gap-1.5">
            <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: k.color }} />
            {t(k.label)}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="size-2.5 rounded-full bg-sky-400/40" />
          {t('Position de plus de 10 min')}
        </li>
      </ul>
    </div>
  );
}
