import type { Shift } from '@vigie/contract/planning.contract';
import { Ban, Clock, MapPin, Pencil } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';
import { ofName } from './of-name';
import { ShiftStatusBadge, ShiftTypeBadge, timeRange } from './shift-badges';

type ShiftRowProps = {
  shift: Shift;
  canManage: boolean;
  onEdit: (shift: Shift) => void;
  onCancel: (shift: Shift) => void;
};

/** One shift of the day: agent, type, status, time range, site, and its actions. */
export function ShiftRow({ shift, canManage, onEdit, onCancel }: ShiftRowProps) {
  // i18n: not shown (a stored status compared, not a text)
  const programmed = shift.status === 'Programmé';
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-ink-700 bg-ink-900/50 p-4 md:flex-row md:items-center"
      data-testid="shift-row"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-white">{shift.agentName}</p>
          <ShiftTypeBadge type={shift.type} />
          <ShiftStatusBadge status={shift.status} />
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-300">
          <span className="flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-fg-muted" />
            {timeRange(shift)}
            {shift.breakStart && shift.breakEnd ? (
              <span className="text-fg-muted">
                {t('(pause {start} – {end})', { start: shift.breakStart, end: shift.breakEnd })}
              </span>
            ) : null}
          </span>
          <span className="flex min-w-0 items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
            <span className="min-w-0 break-words">{shift.siteName}</span>
          </span>
        </div>
        {shift.cancelReason ? (
          <p className="text-xs text-fg-muted">
            {t("Motif d'annulation : {reason}", { reason: shift.cancelReason })}
          </p>
        ) : null}
      </div>
      {canManage && programmed ? (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            className="flex-1 md:flex-none"
            onClick={() => onEdit(shift)}
            aria-label={t('Modifier la garde {ofAgent}', { ofAgent: ofName(shift.agentName) })}
          >
            <Pencil aria-hidden="true" />
            {t('Modifier')}
          </Button>
          <Button
            variant="danger-ghost"
            size="sm"
            className="flex-1 md:flex-none"
            onClick={() => onCancel(shift)}
            aria-label={t('Annuler la garde {ofAgent}', { ofAgent: ofName(shift.agentName) })}
          >
            <Ban aria-hidden="true" />
            {t('Annuler')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
