// The alarm's file as text for the PDF, in the requester's language: the times and the durations
// between them (each entry's text is the contract's, shared with the web: alarm-file-text.ts).
// French is written by the French writers, unchanged by a byte; English and Spanish through Intl.
import type { AlarmFile } from '@vigie/contract/alarm-file.contract';
import { fileDuration } from '@vigie/contract/alarm-file-text';
import { frenchText, type Translate } from '@vigie/contract/i18n/msg';
import { frenchDateTime } from '../../../lib/french-date-time';
import { type Language, translate } from '../../../lib/languages';

/** The document's translator: French as written (no ICU parse of the French texts), else the catalogue. */
export const translatorOf = (language: Language): Translate =>
  language === 'fr' ? frenchText : (message, values) => translate(language, message, values);

/** « 21/11/2026 14:05:09 » in the reader's timezone (offsets are whole minutes: seconds are the UTC ones). */
export function frenchDateTimeSeconds(at: string | Date, timezone: string) {
  const d = at instanceof Date ? at : new Date(at);
  return `${frenchDateTime(d, timezone)}:${String(d.getUTCSeconds()).padStart(2, '0')}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** The instant with its seconds: French as always, '21/11/2026, 14:05:09' in en-GB and es-ES. */
export function dateTimeSeconds(language: Language, at: string | Date, timezone: string) {
  if (language === 'fr') return frenchDateTimeSeconds(at, timezone);
  const key = `${language}|${timezone}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', {
      timeZone: timezone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, f);
  }
  return f.format(at instanceof Date ? at : new Date(at));
}

/** The times Vigie kept, as label/value rows. */
export function timeRows(
  file: AlarmFile,
  when: (iso: string) => string,
  t: Translate = frenchText,
): [string, string][] {
  const times = file.times;
  const at = (v: string | null, by?: string | null) => (v ? `${when(v)}${by ? ` — ${by}` : ''}` : '—');
  return [
    [t('Reçue'), at(times.receivedAt)],
    [t('Première présentation'), at(times.firstShownAt)],
    [t('Prise en charge'), at(times.takenAt, times.takenBy)],
    [t('Décision'), at(times.decisionAt, times.decisionBy)],
    [t('Clôture'), at(times.closedAt, times.closedBy)],
  ];
}

export function durationRows(file: AlarmFile, t: Translate = frenchText): [string, string][] {
  const d = file.durations;
  return [
    [t('De la réception à la présentation'), fileDuration(d.receivedToShown, t)],
    [t('De la réception à la prise en charge'), fileDuration(d.receivedToTaken, t)],
    [t('De la prise en charge à la décision'), fileDuration(d.takenToDecision, t)],
    [t('De la décision à la clôture'), fileDuration(d.decisionToClosed, t)],
    [t('Durée totale'), fileDuration(d.receivedToClosed, t)],
  ];
}
