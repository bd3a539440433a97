import { type ShiftStatus, type ShiftType, shiftTypeLabels } from '@vigie/contract/planning.contract';
import { Badge } from '../../../components/ui/badge';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

/** Spec: shift cards are coloured by type; each type has its own hue (text stays AA on navy). */
export const shiftTypeStyles: Record<ShiftType, { card: string; chip: string; dot: string }> = {
  day: {
    card: 'border-amber-400/40 bg-amber-500/10',
    chip: 'border-amber-400/50 bg-amber-500/15 text-amber-200',
    dot: 'bg-amber-400',
  },
  afternoon: {
    card: 'border-orange-400/40 bg-orange-500/10',
    chip: 'border-orange-400/50 bg-orange-500/15 text-orange-200',
    dot: 'bg-orange-400',
  },
  night: {
    card: 'border-violet-400/40 bg-violet-500/10',
    chip: 'border-violet-400/50 bg-violet-500/20 text-violet-200',
    dot: 'bg-violet-400',
  },
  morning: {
    card: 'border-sky-400/40 bg-sky-500/10',
    chip: 'border-sky-400/50 bg-sky-500/15 text-sky-200',
    dot: 'bg-sky-400',
  },
  custom: {
    card: 'border-teal-400/40 bg-teal-500/10',
    chip: 'border-teal-400/50 bg-teal-500/15 text-teal-200',
    dot: 'bg-teal-400',
  },
};

export function ShiftTypeBadge({ type, className }: { type: ShiftType; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
        shiftTypeStyles[type].chip,
        className,
      )}
    >
      {t(shiftTypeLabels[type])}
    </span>
  );
}

const statusTones: Record<ShiftStatus, 'accent' | 'success' | 'neutral' | 'danger'> = {
  Programmé: 'accent',
  'En cours': 'success',
  Terminé: 'neutral',
  Annulé: 'danger',
};

export function ShiftStatusBadge({ status }: { status: ShiftStatus }) {
  // The status is its French name (the contract's values): a text of the catalogue.
  return <Badge tone={statusTones[status]}>{t(status)}</Badge>;
}

/** '08:00 – 17:00' */
export function timeRange(shift: { startTime: string; endTime: string }) {
  return `${shift.startTime} – ${shift.endTime}`;
}
