// What a panel's event becomes in the control room, and the small constructors the code tables
// (sia-codes.ts, contact-id-codes.ts) are written with.
import type { AlarmSeverity, AlarmType } from '@vigie/contract/alarms.contract';

/** Alarm types a panel raises (a subset of the contract's). */
export type PanelAlarmType = Extract<
  AlarmType,
  'intrusion' | 'fire' | 'panic' | 'technical' | 'access_denied'
>;

export type EventOutcome =
  /** Raise an alarm on the panel's site. */
  | { kind: 'alarm'; type: PanelAlarmType; severity: AlarmSeverity; label: string }
  /** « Rétablissement » on the open alarm of this type (and zone); the operator still resolves it. */
  | { kind: 'restore'; type: PanelAlarmType; label: string }
  /** An entry in the site's main courante: openings and closings, tests, bypasses… */
  | { kind: 'logbook'; label: string }
  /** Only restarts the panel's supervision timer (link test). */
  | { kind: 'supervision'; label: string }
  /** A well-formed code the table does not know: kept in the journal and shown, never dropped. */
  | { kind: 'unknown'; label: string };

/** What the event's number designates, for the French description. */
export type ParamKind = 'zone' | 'user' | 'area' | 'door' | 'none';

export type CodeEntry = { outcome: EventOutcome; param: ParamKind };

export const alarm = (
  type: PanelAlarmType,
  severity: AlarmSeverity,
  label: string,
  param: ParamKind = 'zone',
): CodeEntry => ({ outcome: { kind: 'alarm', type, severity, label }, param });

export const restore = (type: PanelAlarmType, label: string, param: ParamKind = 'zone'): CodeEntry => ({
  outcome: { kind: 'restore', type, label },
  param,
});

export const logbook = (label: string, param: ParamKind = 'none'): CodeEntry => ({
  outcome: { kind: 'logbook', label },
  param,
});

export const linkTestOutcome: EventOutcome = { kind: 'supervision', label: 'Test de liaison' };
