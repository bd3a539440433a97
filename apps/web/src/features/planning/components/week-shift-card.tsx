import { shiftTypeLabels, type WeekShift } from '@vigie/contract/planning.contract';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { shiftTypeStyles, timeRange } from './shift-badges';

/** A shift in the week view: type, start–end and site, coloured by type. */
export function WeekShiftCard({
  shift,
  showAgent = false,
}: {
  shift: WeekShift & { agentName?: string };
  showAgent?: boolean;
}) {
  // i18n: not shown (a stored status compared, not a text)
  const cancelled = shift.status === 'Annulé';
  return (
    <div
      className={cn(
        'flex flex-col gap-0.5 rounded-md border px-2 py-1.5 text-xs',
        shiftTypeStyles[shift.type].card,
        cancelled && 'opacity-60',
      )}
      data-testid="week-shift"
    >
      <span className="flex items-center gap-1.5 font-semibold text-white">
        <span
          aria-hidden="true"
          className={cn('size-2 shrink-0 rounded-full', shiftTypeStyles[shift.type].dot)}
        />
        {t(shiftTypeLabels[shift.type])}
        {cancelled ? <span className="font-normal text-red-200">· {t('Annulé')}</span> : null}
      </span>
      {showAgent ? <span className="font-medium text-slate-100">{shift.agentName}</span> : null}
      <span className={cn('text-slate-200', cancelled && 'line-through')}>{timeRange(shift)}</span>
      <span className="truncate text-slate-300" title={shift.siteName}>
        {shift.siteName}
      </span>
    </div>
  );
}
