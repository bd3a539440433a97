import type { MapOverview } from '@vigie/contract/map.contract';
import { useMemo, useRef, useState } from 'react';
import { useNow } from '../../components/interventions/use-now';
import { QueryState } from '../../components/query-state';
import { t } from '../../lib/i18n/i18n';
import { useRealtimeLive } from '../../lib/use-realtime-live';
import { useMapOverview } from './api/get-map-overview';
import { LiveMap, type MapSelection } from './components/live-map';
import { MapAgentsList } from './components/map-agents-list';
import { MapLegend } from './components/map-legend';
import { RunningInterventions } from './components/running-interventions';
import { SelectionPanel } from './components/selection-panel';
import type { OverlaySource } from './map-style';

const allVisible: Record<OverlaySource, boolean> = {
  sites: true,
  alarms: true,
  agents: true,
  radios: true,
  tracks: true,
};

/** The control room's live map (« Carte »). */
export default function MapPage() {
  const overview = useMapOverview();
  const live = useRealtimeLive();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{t('Carte')}</h1>
        <p className="text-fg-muted">
          {t('Sites, alarmes en cours, agents en service et interventions, en direct.')}{' '}
          <span className={live ? 'text-emerald-300' : 'text-amber-300'}>
            {live
              ? t('Mise à jour en temps réel.')
              : t('Connexion temps réel interrompue : actualisation toutes les 15 s.')}
          </span>
        </p>
      </div>
      <QueryState
        query={overview}
        loading={t('Chargement de la carte…')}
        error={t('Impossible de charger la carte')}
      >
        {(data) => <MapView overview={data} />}
      </QueryState>
    </div>
  );
}

function MapView({ overview }: { overview: MapOverview }) {
  const [visible, setVisible] = useState(allVisible);
  const [selection, setSelection] = useState<MapSelection | null>(null);
  // Ages of positions move on without new data: the panel's « il y a 3 min » is redrawn each 30 s.
  const now = useNow(30_000);
  const mapBox = useRef<HTMLDivElement>(null);
  const agentsOnMap = useMemo(() => new Set(overview.agents.map((a) => a.id)), [overview.agents]);
  // A list's click shows its agent in the map's panel: on a narrow screen the map is above the
  // lists, out of sight, so bring it back into view.
  const selectFromList = (next: MapSelection) => {
    setSelection(next);
    mapBox.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };
  return (
    <>
      <MapLegend
        overview={overview}
        visible={visible}
        onToggle={(key) => setVisible((v) => ({ ...v, [key]: !v[key] }))}
      />
      <div className="flex flex-col gap-4 xl:grid xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div
          ref={mapBox}
          className="relative h-[calc(100dvh-14rem)] min-h-[340px] sm:h-[calc(100dvh-16rem)] sm:min-h-[380px] overflow-hidden rounded-xl border border-ink-700 bg-[#0b1626]"
        >
          <LiveMap overview={overview} visible={visible} onSelect={setSelection} now={now} />
          {selection ? (
            <SelectionPanel
              overview={overview}
              selection={selection}
              now={now}
              onClose={() => setSelection(null)}
            />
          ) : null}
        </div>
        <RunningInterventions
          agentsOnMap={agentsOnMap}
          onSelectAgent={(id) => selectFromList({ kind: 'agent', id })}
          className="max-h-[60dvh] xl:h-[calc(100dvh-16rem)] xl:max-h-none xl:min-h-[380px]"
        />
      </div>
      <MapAgentsList overview={overview} now={now} onSelect={selectFromList} />
      {overview.sites.length === 0 && overview.agents.length === 0 ? (
        <p className="text-sm text-fg-muted">
          {t(
            'Aucun site géolocalisé ni agent en service : renseignez la latitude et la longitude de vos sites pour les voir sur la carte.',
          )}
        </p>
      ) : null}
    </>
  );
}
