// The alarm's file as French text for the PDF: the times and the durations between them (each
// entry's text is the contract's, shared with the web: alarm-file-text.ts).
import type { AlarmFile } from '@vigie/contract/alarm-file.contract';
import { frenchDuration } from '@vigie/contract/alarm-file-text';
import { frenchDateTime } from '../../../lib/french-date-time';

/** « 21/11/2026 14:05:09 » in the reader's timezone (offsets are whole minutes: seconds are the UTC ones). */
export function frenchDateTimeSeconds(at: string | Date, timezone: string) {
  const d = at instanceof Date ? at : new Date(at);
  return `${frenchDateTime(d, timezone)}:${String(d.getUTCSeconds()).padStart(2, '0')}`;
}

/** The times Vigie kept, as label/value rows. */
export function timeRows(file: AlarmFile, tz: string): [string, string][] {
  const t = file.times;
  const at = (v: string | null, by?: string | null) =>
    v ? `${frenchDateTimeSeconds(v, tz)}${by ? ` — ${by}` : ''}` : '—';
  return [
    ['Reçue', at(t.receivedAt)],
    ['Première présentation', at(t.firstShownAt)],
    ['Prise en charge', at(t.takenAt, t.takenBy)],
    ['Décision', at(t.decisionAt, t.decisionBy)],
    ['Clôture', at(t.closedAt, t.closedBy)],
  ];
}

export function durationRows(file: AlarmFile): [string, string][] {
  const d = file.durations;
  return [
    ['De la réception à la présentation', frenchDuration(d.receivedToShown)],
    ['De la réception à la prise en charge', frenchDuration(d.receivedToTaken)],
    ['De la prise en charge à la décision', frenchDuration(d.takenToDecision)],
    ['De la décision à la clôture', frenchDuration(d.decisionToClosed)],
    ['Durée totale', frenchDuration(d.receivedToClosed)],
  ];
}
