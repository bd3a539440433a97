import type { AlarmsPerDay } from '@vigie/contract/dashboard.contract';
import { format, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale/fr';
import { intlLocale } from '../../../lib/format';
import { currentLocale, msg } from '../../../lib/i18n/i18n';

type SeverityKey = Exclude<keyof AlarmsPerDay, 'date'>;

/** Stacked from the bottom: faible first, critique on top; each in its severity badge's colour. */
export const chartSeries: { key: SeverityKey; label: string; color: string }[] = [
  { key: 'faible', label: msg('Faible'), color: '#3b82f6' },
  { key: 'moyen', label: msg('Moyen'), color: '#eab308' },
  { key: 'important', label: msg('Important'), color: '#f97316' },
  { key: 'critique', label: msg('Critique'), color: '#dc2626' },
];

/**
 * 'lun. 21/11' — the day is already the user's (the server counts in their timezone). French keeps
 * this pattern; English and Spanish use Intl's ('Sat 21/11', 'sáb, 21/11').
 */
export const dayLabel = (date: string) =>
  currentLocale() === 'fr'
    ? format(parseISO(date), 'EEE dd/MM', { locale: fr })
    : new Intl.DateTimeFormat(intlLocale(), { weekday: 'short', day: '2-digit', month: '2-digit' }).format(
        parseISO(date),
      );

export const dayTotal = (day: AlarmsPerDay) => chartSeries.reduce((sum, s) => sum + day[s.key], 0);
