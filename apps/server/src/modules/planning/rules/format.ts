// How the rule messages write durations and dates, in the reader's language. French keeps its
// historical format byte for byte (`dd/MM/yyyy`, `dd/MM/yyyy HH:mm`); English and Spanish go through
// Intl (en-GB, es-ES). Durations read the same in the three languages ('11 h 59').
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Language } from '../../../lib/languages';
import { ruleMessages, say } from './messages';

const intlLocales: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' };

/** '11 h 59', '12 h', '0 h 05' — whole minutes (rounded down). */
export function formatDuration(minutes: number): string {
  const total = Math.floor(minutes);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}

// Building an Intl format is costly: one per language and timezone, kept.
const formats = new Map<string, Intl.DateTimeFormat>();
function intlFormat(language: Language, timeZone: string, withTime: boolean) {
  const key = `${language}|${timeZone}|${withTime}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocales[language], {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** A calendar day `YYYY-MM-DD`: `dd/MM/yyyy` in French, Intl's short date otherwise. */
export function formatDay(day: string, language: Language = 'fr'): string {
  const [y, m, d] = day.split('-');
  if (language === 'fr') return `${d}/${m}/${y}`;
  return intlFormat(language, 'UTC', false).format(Date.UTC(Number(y), Number(m) - 1, Number(d)));
}

/** An instant in `timezone`: `dd/MM/yyyy HH:mm` in French, Intl's short date and time otherwise. */
export const formatDateTime = (instant: Date, timezone: string, language: Language = 'fr') =>
  language === 'fr'
    ? format(instant, 'dd/MM/yyyy HH:mm', { in: tz(timezone) })
    : intlFormat(language, timezone, true).format(instant);

/** 'du 12/03/2026 20:00 au 13/03/2026 08:00' */
export const formatSpan = (start: Date, end: Date, timezone: string, language: Language = 'fr') =>
  say(language, ruleMessages.span, {
    start: formatDateTime(start, timezone, language),
    end: formatDateTime(end, timezone, language),
  });

/** Several spans: ' ; ' between them in French, '; ' in English and Spanish. */
export const joinSpans = (spans: string[], language: Language) =>
  spans.join(language === 'fr' ? ' ; ' : '; ');
