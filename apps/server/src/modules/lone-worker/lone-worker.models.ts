// Pure mappings of the lone-worker rows to the contract's answers.
import type {
  LoneWorkerAlert,
  LoneWorkerSession,
  RecordedPosition,
} from '@vigie/contract/lone-worker.contract';
import type { AlertRow } from './alerts.repository';
import type { PositionRow, SessionRow } from './lone-worker.repository';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export const toSessionDto = (s: SessionRow, graceMs: number): LoneWorkerSession => ({
  id: s.id,
  agentId: s.agentId,
  shiftId: s.shiftId,
  siteId: s.siteId,
  siteName: s.siteName,
  intervalMinutes: s.intervalMinutes,
  startedAt: iso(s.startedAt),
  nextDueAt: iso(s.nextDueAt),
  lastCheckInAt: isoOrNull(s.lastCheckInAt),
  endedAt: isoOrNull(s.endedAt),
  endReason: s.endReason,
  graceSeconds: Math.round(graceMs / 1000),
  alerted: s.alerted,
});

export const toAlertDto = (a: AlertRow): LoneWorkerAlert => ({
  id: a.id,
  sessionId: a.sessionId,
  agentId: a.agentId,
  agentName: a.agentName,
  siteId: a.siteId,
  siteName: a.siteName,
  dueAt: iso(a.dueAt),
  raisedAt: iso(a.raisedAt),
  position:
    a.lat !== null && a.lng !== null && a.positionAt
      ? { lat: a.lat, lng: a.lng, at: iso(a.positionAt) }
      : null,
  status: a.status,
  answeredAt: isoOrNull(a.answeredAt),
  acknowledgedAt: isoOrNull(a.acknowledgedAt),
  acknowledgedByName: a.acknowledgedByName,
});

export const toPositionDto = (p: PositionRow): RecordedPosition => ({
  id: p.id,
  kind: p.kind,
  lat: p.lat,
  lng: p.lng,
  accuracy: p.accuracy,
  shiftId: p.shiftId,
  recordedAt: iso(p.recordedAt),
});

/** "48.86570, 2.32130": how the notification and the main courante show a position. */
export const formatPosition = (p: { lat: number; lng: number } | null) =>
  p ? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}` : 'inconnue';

/** The SOS of a phone: the position sent, else the last one recorded, never a fixed point. */
export function sosLocation(
  sent: { lat: number; lng: number } | null,
  last: { lat: number; lng: number } | null,
) {
  if (sent)
    return { location: { lat: sent.lat, lng: sent.lng }, locationSource: 'device' as const, last: false };
  if (last)
    return { location: { lat: last.lat, lng: last.lng }, locationSource: 'radio' as const, last: true };
  return { location: null, locationSource: 'none' as const, last: false };
}
