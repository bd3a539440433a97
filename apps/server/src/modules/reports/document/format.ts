// French text of cells for the PDF (the spreadsheet keeps them typed).
import { frenchDateTime } from '../../../lib/french-date-time';
import type { Cell, ColumnKind } from './types';

/** '1 h 05 min', '12 min 30 s'. */
export function frenchDuration(seconds: number) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(r).padStart(2, '0')} s`;
  return `${r} s`;
}

const numbers = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
/** French number with the narrow no-break space pdfkit's fonts lack replaced by a plain space. */
export const frenchNumber = (v: number) => numbers.format(v).replace(/[\u202f\u00a0]/g, ' ');

export function cellText(v: Cell, kind: ColumnKind, timezone: string): string {
  if (v === null || v === '') return '—';
  if (v instanceof Date) return frenchDateTime(v, timezone);
  if (typeof v === 'object') return v.text;
  if (typeof v === 'number') {
    if (kind === 'duration') return frenchDuration(v);
    if (kind === 'percent') return `${frenchNumber(v)} %`;
    return frenchNumber(v);
  }
  return v;
}
