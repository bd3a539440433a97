// Text of cells for the PDF (the spreadsheet keeps them typed), in the document's language: French
// through the existing writers (their output must not change by a byte), English and Spanish
// through Intl (en-GB, es-ES).
import { frenchDateTime } from '../../../lib/french-date-time';
import type { Language } from '../../../lib/languages';
import type { Cell, ColumnKind } from './types';

export const intlLocales: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES' };

/** '1 h 05 min', '12 min 30 s' (the units read the same in the three languages). */
export function frenchDuration(seconds: number) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(r).padStart(2, '0')} s`;
  return `${r} s`;
}

const numberFormats = new Map<Language, Intl.NumberFormat>();
/** A number in the language, the narrow no-break space pdfkit's fonts lack replaced by a plain space. */
export function numberText(language: Language, v: number) {
  let f = numberFormats.get(language);
  if (!f) {
    f = new Intl.NumberFormat(intlLocales[language], { maximumFractionDigits: 1 });
    numberFormats.set(language, f);
  }
  return f.format(v).replace(/[\u202f\u00a0]/g, ' ');
}
export const frenchNumber = (v: number) => numberText('fr', v);

/** '12,5 %' in French and Spanish, '12.5%' in English. */
export const percentText = (language: Language, v: number) =>
  `${numberText(language, v)}${language === 'en' ? '' : ' '}%`;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** '21/11/2026 14:05' (French, as before), '21/11/2026, 14:05' (en-GB, es-ES), in the timezone. */
export function dateTimeText(language: Language, at: Date | string, timezone: string) {
  if (language === 'fr') return frenchDateTime(at, timezone);
  const key = `${language}|${timezone}`;
  let f = dateTimeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocales[language], {
      timeZone: timezone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(key, f);
  }
  return f.format(at instanceof Date ? at : new Date(at));
}

export function cellText(v: Cell, kind: ColumnKind, timezone: string, language: Language = 'fr'): string {
  if (v === null || v === '') return '—';
  if (v instanceof Date) return dateTimeText(language, v, timezone);
  if (typeof v === 'object') return v.text;
  if (typeof v === 'number') {
    if (kind === 'duration') return frenchDuration(v);
    if (kind === 'percent') return percentText(language, v);
    return numberText(language, v);
  }
  return v;
}
