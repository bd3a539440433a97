import type { DashboardAlert, DashboardOverview, SystemComponent } from '@vigie/contract/dashboard.contract';
import type { ReceiverInfo } from '../panels/receiver-state';
import type { OverviewRow } from './dashboard.repository';
import { french, healthTexts as h } from './overview-language';

/** Alarm severities (creation codes) as the dashboard names them. */
const severities: Record<string, DashboardAlert['severity']> = {
  critical: 'critique',
  high: 'important',
  medium: 'moyen',
  low: 'faible',
};

/** Rounded down, so a camera fleet that missed one probe never shows 100.0%. */
export const formatUptime = (percent: number) => `${(Math.floor(percent * 10) / 10).toFixed(1)}%`;

/** Availability in percent, or null without measurements. */
const ratio = (ok: number, total: number) => (total > 0 ? (ok / total) * 100 : null);

export function healthOf(
  name: string,
  availability: number | null,
  description: string,
  noData: string,
): SystemComponent {
  if (availability === null) return { name, status: 'Aucune donnée', uptime: null, description: noData };
  const status = availability >= 95 ? 'Actif' : availability > 0 ? 'Dégradé' : 'Hors service';
  return { name, status, uptime: formatUptime(availability), description };
}

/**
 * The alarm panels' line: uptime over 24 h from their heartbeats; the status also reflects the last
 * 10 minutes, so that panels gone silent now never read « Actif » on the strength of the past day.
 */
export function panelsHealth(
  p: OverviewRow['panels'],
  receiver: OverviewRow['receiverPanels'] = { total: 0, lost: 0 },
): SystemComponent {
  const health = apiPanelsHealth(p);
  // The DC-09 panels of the alarm receiver (issue 32): their count and how many lost their link.
  const total = Number(receiver.total);
  const lost = Number(receiver.lost);
  if (total === 0) return health;
  const dc09 = french(total > 1 ? h.dc09Panels : h.dc09Panel, { total, lost });
  if (health.status === 'Aucune donnée') {
    // No heartbeat panel: the share of DC-09 panels in link (not a 24-hour uptime: none shown).
    return { ...healthOf(french(h.panels), ((total - lost) / total) * 100, dc09, ''), uptime: null };
  }
  let status = health.status;
  if (lost > 0) status = lost === total && status === 'Hors service' ? 'Hors service' : 'Dégradé';
  return { ...health, status, description: `${health.description} ; ${dc09}` };
}

/** The panels posting JSON to the API: uptime over 24 h from their heartbeats. */
function apiPanelsHealth(p: OverviewRow['panels']): SystemComponent {
  const panels = Number(p.panels);
  const live = Number(p.live);
  const availability = panels > 0 && p.availability !== null ? Number(p.availability) : null;
  const health = healthOf(
    french(h.panels),
    availability,
    french(panels > 1 ? h.panelsLive : h.panelLive, { live, panels }),
    french(h.noPanel),
  );
  if (availability === null) return health;
  if (live === 0) return { ...health, status: 'Hors service' };
  if (live < panels && health.status === 'Actif') return { ...health, status: 'Dégradé' };
  return health;
}

/**
 * System health's « Réception des alarmes »: the DC-09 receiver of this instance and its Sur-Gard
 * input. One of the two down while the other listens is « Dégradé »: a centre's hardware receivers
 * (or its IP panels) are then not heard, and the detail says which.
 */
export function receiverHealth(r: ReceiverInfo): SystemComponent {
  const surgard = r.surgardState ?? 'off';
  const states = [r.state, surgard].filter((s) => s !== 'off');
  const status =
    states.length === 0
      ? 'Aucune donnée'
      : states.every((s) => s === 'up')
        ? 'Actif'
        : states.every((s) => s === 'down')
          ? 'Hors service'
          : 'Dégradé';
  return { name: french(h.receiver), status, uptime: null, description: r.detail };
}

export function toOverview(r: OverviewRow, receiver: ReceiverInfo): DashboardOverview {
  const cameraAvailability = ratio(Number(r.cameras.okProbes), Number(r.cameras.probes));
  return {
    stats: {
      totalSites: Number(r.sites.total),
      newSitesThisMonth: Number(r.sites.newThisMonth),
      activeCameras: Number(r.cameras.online),
      totalCameras: Number(r.cameras.total),
      alertsToday: Number(r.alarms.today),
      criticalAlerts: Number(r.alarms.critical),
      onlineAgents: Number(r.agents.online),
      totalAgents: Number(r.agents.total),
    },
    recentAlerts: r.alarms.recent.map((a) => ({
      id: String(a.id),
      title: a.title,
      description: a.description,
      severity: severities[a.severity] ?? 'faible',
      location: a.location,
      time: new Date(a.time).toISOString(),
    })),
    activeSites: r.sites.active.map((s) => ({
      id: s.id,
      name: s.name,
      address: s.address,
      status: 'Actif' as const,
      cameras: Number(s.cameras),
      accessPoints: Number(s.accessPoints),
      lastUpdate: new Date(s.lastUpdate).toISOString(),
    })),
    alarmsPerDay: r.alarms.perDay.map((d) => ({
      date: d.date,
      critique: Number(d.critical),
      important: Number(d.high),
      moyen: Number(d.medium),
      faible: Number(d.low),
    })),
    systemHealth: [
      healthOf(
        french(h.cameras),
        Number(r.cameras.total) > 0 ? cameraAvailability : null,
        french(h.camerasOnline, { online: r.cameras.online, total: r.cameras.total }),
        french(Number(r.cameras.total) > 0 ? h.camerasUnmeasured : h.noCamera),
      ),
      panelsHealth(r.panels, r.receiverPanels),
      receiverHealth(receiver),
      healthOf(
        french(h.access),
        r.access.availability === null ? null : Number(r.access.availability),
        french(h.accessResponding, { responding: r.access.responding, points: r.access.points }),
        french(h.noAccessPoint),
      ),
      healthOf(
        french(h.agents),
        ratio(Number(r.agents.present), Number(r.agents.expected)),
        french(h.agentsOnTime, { present: r.agents.present, expected: r.agents.expected }),
        french(h.noShift),
      ),
    ],
  };
}
