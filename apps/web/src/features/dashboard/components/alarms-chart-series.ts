import type { AlarmsPerDay } from '@vigie/contract/dashboard.contract';
import { format, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale/fr';

type SeverityKey = Exclude<keyof AlarmsPerDay, 'date'>;

/** Stacked from the bottom: faible first, critique on top; each in its severity badge's colour. */
export const chartSeries: { key: SeverityKey; label: string; color: string }[] = [
  { key: 'faible', label: 'Faible', color: '#3b82f6' },
  { key: 'moyen', label: 'Moyen', color: '#eab308' },
  { key: 'important', label: 'Important', color: '#f97316' },
  { key: 'critique', label: 'Critique', color: '#dc2626' },
];

/** 'lun. 21/11' — the day is already the user's (the server counts in their timezone). */
export const dayLabel = (date: string) => format(parseISO(date), 'EEE dd/MM', { locale: fr });

export const dayTotal = (day: AlarmsPerDay) => chartSeries.reduce((sum, s) => sum + day[s.key], 0);
