import {
  type MapAlarm,
  type MapOverview,
  mapAgentStateLabels,
  mapPositionSourceLabels,
  mapSiteStateLabels,
} from '@vigie/contract/map.contract';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { interventionStateText, isStale, positionAge } from '../map-features';
import type { MapSelection } from './live-map';

const severityLabels: Record<MapAlarm['severity'], string> = {
  low: 'Faible',
  medium: 'Moyenne',
  high: 'Élevée',
  critical: 'Critique',
};
const siteTone = { alarm: 'danger', intervention: 'warning', calm: 'success' } as const;

interface SelectionPanelProps {
  overview: MapOverview;
  selection: MapSelection;
  now: number;
  onClose: () => void;
}

/** What a click on the map opened: the alarm, the site (and its cameras), the agent or the radio. */
export function SelectionPanel({ overview, selection, now, onClose }: SelectionPanelProps) {
  const body = panelBody(overview, selection, now);
  if (!body) return null;
  return (
    <section
      aria-label={body.title}
      className="absolute top-2 right-12 left-2 z-10 max-h-[70%] overflow-y-auto rounded-xl border border-ink-600 bg-ink-900/95 p-4 shadow-xl backdrop-blur sm:right-14 sm:left-auto sm:w-80"
    >
      <div className="mb-2 flex items-start justify-between gap-2">
        <div>
          <p className="text-xs uppercase tracking-wide text-fg-muted">{body.kind}</p>
          <h2 className="text-base font-semibold text-white">{body.title}</h2>
        </div>
        <Button variant="ghost" size="icon" className="size-8" aria-label={t('Fermer')} onClick={onClose}>
          <X />
        </Button>
      </div>
      {body.content}
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-0.5 text-sm">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="text-right text-fg">{children}</dd>
    </div>
  );
}

function panelBody(overview: MapOverview, selection: MapSelection, now: number) {
  if (selection.kind === 'alarm') {
    const alarm = overview.alarms.find((a) => a.id === selection.id);
    if (!alarm) return null;
    return {
      kind: t('Alarme'),
      title: alarm.title,
      content: (
        <>
          <dl>
            <Row label={t('Site')}>{alarm.siteName}</Row>
            <Row label={t('Gravité')}>{t(severityLabels[alarm.severity])}</Row>
            <Row label={t('État')}>{alarm.status === 'active' ? t('Active') : t('Prise en charge')}</Row>
            <Row label={t('Déclenchée')}>{formatDateTime(alarm.triggeredAt)}</Row>
          </dl>
          <Button asChild size="sm" className="mt-3 w-full">
            <Link to={`/dashboard/alarms?alarm=${encodeURIComponent(alarm.id)}`}>{t("Ouvrir l'alarme")}</Link>
          </Button>
        </>
      ),
    };
  }
  if (selection.kind === 'site') {
    const site = overview.sites.find((s) => s.id === selection.id);
    if (!site) return null;
    const alarms = overview.alarms.filter((a) => a.siteId === site.id);
    return {
      kind: t('Site'),
      title: site.name,
      content: (
        <>
          <p className="mb-2 text-sm text-fg-muted">{site.address}</p>
          <Badge tone={siteTone[site.state]}>{t(mapSiteStateLabels[site.state])}</Badge>
          <dl className="mt-2">
            <Row label={t('Alarmes en cours')}>{site.openAlarms}</Row>
            <Row label={t('Caméras')}>{site.cameras}</Row>
          </dl>
          {alarms.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-1">
              {alarms.slice(0, 5).map((a) => (
                <li key={a.id}>
                  <Link
                    className="text-sm text-red-300 underline-offset-2 hover:underline"
                    to={`/dashboard/alarms?alarm=${encodeURIComponent(a.id)}`}
                  >
                    {a.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <Button asChild size="sm" variant="secondary" className="mt-3 w-full">
            <Link to={`/dashboard/cameras?site=${encodeURIComponent(site.id)}`}>
              {t('Voir les caméras du site')}
            </Link>
          </Button>
        </>
      ),
    };
  }
  if (selection.kind === 'agent') {
    const agent = overview.agents.find((a) => a.id === selection.id);
    if (!agent) return null;
    const intervention = overview.interventions.find((i) => i.agentId === agent.id);
    return {
      kind: t('Agent en service'),
      title: agent.name,
      content: (
        <>
          <Badge tone={agent.state === 'busy' ? 'warning' : 'accent'}>
            {t(mapAgentStateLabels[agent.state])}
          </Badge>
          <dl className="mt-2">
            <Row label={t('Site du service')}>{agent.siteName ?? '—'}</Row>
            <Row label={t('Position')}>
              <span className={isStale(agent, now) ? 'text-amber-300' : undefined}>
                {positionAge(agent.positionAt, now)}
              </span>
            </Row>
            <Row label={t('Source')}>{t(mapPositionSourceLabels[agent.source])}</Row>
            {agent.accuracyM !== null ? (
              <Row label={t('Précision')}>{Math.round(agent.accuracyM)} m</Row>
            ) : null}
            {intervention ? (
              <>
                <Row label={t('Intervention')}>{interventionStateText(intervention)}</Row>
                <Row label={t('Vers')}>{intervention.siteName}</Row>
                {intervention.late ? (
                  <Row label={t('Arrivée')}>
                    <span className="text-red-300">
                      {intervention.late === 'alert' ? t('Très en retard') : t('En retard')}
                    </span>
                  </Row>
                ) : null}
              </>
            ) : null}
          </dl>
          <Button asChild size="sm" variant="secondary" className="mt-3 w-full">
            <Link to="/dashboard/planning">{t('Voir le planning')}</Link>
          </Button>
        </>
      ),
    };
  }
  const radio = overview.radios.find((r) => r.id === selection.id);
  if (!radio) return null;
  return {
    kind: t('Radio'),
    title: radio.serialNumber,
    content: (
      <dl>
        <Row label={t('Agent')}>{radio.agentName ?? t('Non attribuée')}</Row>
        <Row label={t('Position')}>{positionAge(radio.positionAt, now)}</Row>
      </dl>
    ),
  };
}
