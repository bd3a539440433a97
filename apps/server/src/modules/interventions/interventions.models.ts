// Row shapes of the interventions module and their mapping to the contract's DTOs (pure).
import type { AlarmSeverity } from '@vigie/contract/alarms.contract';
import type {
  Intervention,
  InterventionDetail,
  InterventionState,
  InterventionStep,
  InterventionStepKind,
} from '@vigie/contract/interventions.contract';
import { lateness } from './intervention-states';

export interface InterventionRow {
  id: string;
  alarmId: string | null;
  alarmTitle: string | null;
  siteId: string;
  siteName: string;
  agentId: string;
  agentName: string;
  agentUserId: string | null;
  severity: AlarmSeverity;
  state: InterventionState;
  note: string | null;
  refusalReason: string | null;
  askedAgentIds: string[];
  acceptSeconds: number;
  arriveMinutes: number;
  proposedAt: Date;
  acceptDueAt: Date | null;
  acceptedAt: Date | null;
  arriveDueAt: Date | null;
  arriveWarnedAt: Date | null;
  arriveAlertedAt: Date | null;
  enRouteAt: Date | null;
  onSiteAt: Date | null;
  onSiteBy: 'geofence' | 'checkpoint' | null;
  endedAt: Date | null;
  report: string | null;
  logbookEntryId: string | null;
}

export interface StepRow {
  kind: InterventionStepKind;
  at: Date;
  agentId: string | null;
  agentName: string | null;
  actorName: string | null;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  details: Record<string, unknown>;
}

export interface SiteInfo {
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  geofenceRadiusM: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toInterventionDto(r: InterventionRow, now: Date, site?: SiteInfo | null): Intervention {
  return {
    id: r.id,
    alarmId: r.alarmId,
    alarmTitle: r.alarmTitle,
    siteId: r.siteId,
    siteName: site?.name ?? r.siteName,
    siteAddress: site?.address ?? null,
    siteLocation:
      site && site.latitude !== null && site.longitude !== null
        ? { lat: site.latitude, lng: site.longitude }
        : null,
    agentId: r.agentId,
    agentName: r.agentName,
    severity: r.severity,
    state: r.state,
    note: r.note,
    refusalReason: r.refusalReason,
    proposedAt: r.proposedAt.toISOString(),
    acceptDueAt: r.state === 'proposed' ? iso(r.acceptDueAt) : null,
    acceptedAt: iso(r.acceptedAt),
    arriveDueAt: iso(r.arriveDueAt),
    enRouteAt: iso(r.enRouteAt),
    onSiteAt: iso(r.onSiteAt),
    onSiteBy: r.onSiteBy,
    endedAt: iso(r.endedAt),
    late: lateness(r, now),
    report: r.report,
    logbookEntryId: r.logbookEntryId,
    acceptSeconds: r.acceptSeconds,
    arriveMinutes: r.arriveMinutes,
  };
}

export const toStepDto = (s: StepRow): InterventionStep => ({
  kind: s.kind,
  at: s.at.toISOString(),
  agentId: s.agentId,
  agentName: s.agentName,
  actorName: s.actorName,
  position: s.lat !== null && s.lng !== null ? { lat: s.lat, lng: s.lng, accuracy: s.accuracy } : null,
  details: s.details,
});

export function toDetailDto(
  r: InterventionRow,
  now: Date,
  extra: {
    site: SiteInfo | null;
    steps: StepRow[];
    track: { lat: number; lng: number; at: Date }[];
    instructions: string[];
    photos: { id: string; url: string }[];
  },
): InterventionDetail {
  return {
    ...toInterventionDto(r, now, extra.site),
    steps: extra.steps.map(toStepDto),
    track: extra.track.map((p) => ({ lat: p.lat, lng: p.lng, at: p.at.toISOString() })),
    instructions: extra.instructions,
    photos: extra.photos,
  };
}
