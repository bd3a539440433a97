// Pure functions: an alarm row and its timeline as the API shows them (French sentences in the
// reader's timezone for `actions`).
import {
  type Alarm,
  type AlarmActionKind,
  type AlarmTimelineEntry,
  alarmActionLabels,
} from '@vigie/contract/alarms.contract';
import { frenchDateTime } from '../../lib/french-date-time';

export interface TimelineRow {
  kind: AlarmActionKind;
  author: string;
  note: string | null;
  at: string;
}

export interface AlarmRow {
  id: string;
  site_id: string;
  site_name: string;
  camera_id: string | null;
  type: Alarm['type'];
  severity: Alarm['severity'];
  status: Alarm['status'];
  title: string;
  description: string;
  location: string;
  triggered_by: string | null;
  source: Alarm['source'];
  triggered_at: Date | string;
  acknowledged_at: Date | string | null;
  acknowledged_by: string | null;
  resolved_at: Date | string | null;
  resolved_by: string | null;
  resolution_note: string | null;
  escalated_at: Date | string | null;
  /** The sort key with microseconds, for the keyset cursor. */
  cursor_at: string;
  timeline: TimelineRow[] | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** One timeline entry as a sentence: '21/11/2026 14:05 — Alarme acquittée par Léa Martin'. */
export function actionSentence(e: AlarmTimelineEntry, timezone: string) {
  const when = frenchDateTime(e.at, timezone);
  switch (e.kind) {
    case 'commented':
      return `${when} — Commentaire de ${e.author} : ${e.note ?? ''}`;
    case 'escalated':
      return `${when} — ${e.label}${e.note ? ` (${e.note})` : ''}`;
    case 'resolved':
      return `${when} — ${e.label} par ${e.author}${e.note ? ` : ${e.note}` : ''}`;
    default:
      return `${when} — ${e.label} par ${e.author}`;
  }
}

export function toAlarmDto(r: AlarmRow, timezone: string): Alarm {
  const timeline: AlarmTimelineEntry[] = (r.timeline ?? []).map((e) => ({
    kind: e.kind,
    label: alarmActionLabels[e.kind],
    author: e.author,
    note: e.note,
    at: iso(e.at),
  }));
  const triggered = new Date(r.triggered_at);
  const handledAt = r.acknowledged_at ?? r.resolved_at;
  return {
    id: r.id,
    type: r.type,
    severity: r.severity,
    status: r.status,
    title: r.title,
    description: r.description,
    location: r.location,
    siteId: r.site_id,
    siteName: r.site_name,
    cameraId: r.camera_id,
    timestamp: triggered.toISOString(),
    assignedTo: r.acknowledged_by,
    triggeredBy: r.triggered_by,
    source: r.source,
    responseTime:
      handledAt === null
        ? null
        : Math.max(0, Math.round((new Date(handledAt).getTime() - triggered.getTime()) / 1000)),
    acknowledgedAt: isoOrNull(r.acknowledged_at),
    acknowledgedBy: r.acknowledged_by,
    resolvedAt: isoOrNull(r.resolved_at),
    resolvedBy: r.resolved_by,
    resolutionNote: r.resolution_note,
    escalatedAt: isoOrNull(r.escalated_at),
    actions: timeline.map((e) => actionSentence(e, timezone)),
    timeline,
  };
}

/** What an alarm event carries to the browsers: enough to refresh lists and show a toast. */
export const alarmEventPayload = (a: Alarm) => ({
  id: a.id,
  type: a.type,
  severity: a.severity,
  status: a.status,
  title: a.title,
  siteId: a.siteId,
  siteName: a.siteName,
  location: a.location,
  timestamp: a.timestamp,
  cameraId: a.cameraId,
});
