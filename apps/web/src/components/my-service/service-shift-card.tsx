import { type MyService, type ShiftStatus, shiftTypeLabels } from '@vigie/contract/planning.contract';
import { Clock, Coffee, LogIn, LogOut, MapPin } from 'lucide-react';
import { useState } from 'react';
import { msg, t } from '../../lib/i18n/i18n';
import { dayLabel, localTime } from '../../lib/service-dates';
import { cn } from '../../lib/utils';
import { BigButton } from './big-button';
import { type ClockAction, ClockDialog } from './clock-dialog';

export type ServiceShift = MyService['shifts'][number];

// Solid colours with white text: read in full sunlight, not only on a dim screen.
const statusStyles: Record<ShiftStatus, string> = {
  Programmé: 'bg-blue-700 text-white',
  'En cours': 'bg-emerald-700 text-white',
  Terminé: 'bg-slate-600 text-white',
  Annulé: 'bg-red-800 text-white',
};

// The statuses are French words: each is its own message.
const shiftStatusLabels: Record<ShiftStatus, string> = {
  Programmé: 'Programmé',
  'En cours': 'En cours',
  Terminé: 'Terminé',
  Annulé: 'Annulé',
};

const actionButtons = {
  in: { label: msg('Prendre mon service'), icon: LogIn, tone: 'start' },
  out: { label: msg('Terminer mon service'), icon: LogOut, tone: 'end' },
} as const;

type ServiceShiftCardProps = {
  shift: ServiceShift;
  /** The clock button this card offers: the next shift to start, or the running one. */
  action: ClockAction | null;
  today: string;
  timezone: string;
};

export function ServiceShiftCard({ shift, action, today, timezone }: ServiceShiftCardProps) {
  const [open, setOpen] = useState(false);
  const running = shift.status === 'En cours';
  const overnight = shift.endTime <= shift.startTime;
  const button = action ? actionButtons[action] : null;

  return (
    <article
      aria-labelledby={`shift-${shift.id}-site`}
      data-testid="my-service-shift"
      data-status={shift.status}
      className={cn(
        'flex flex-col gap-4 rounded-2xl border-2 bg-ink-850 p-5 shadow-lg shadow-black/30',
        running ? 'border-emerald-500' : action ? 'border-blue-500' : 'border-ink-600',
        shift.status === 'Annulé' || shift.status === 'Terminé' ? 'opacity-90' : null,
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('rounded-full px-3 py-1 text-sm font-bold', statusStyles[shift.status])}>
          {t(shiftStatusLabels[shift.status])}
        </span>
        <span className="rounded-full border border-slate-400/60 px-3 py-1 text-sm font-medium text-slate-100">
          {t(shiftTypeLabels[shift.type])}
        </span>
        <span className="ml-auto text-sm font-semibold text-slate-200">{dayLabel(shift.date, today)}</span>
      </div>

      <div className="flex flex-col gap-1.5">
        <h3 id={`shift-${shift.id}-site`} className="text-xl leading-tight font-bold text-white">
          {shift.siteName}
        </h3>
        {shift.siteAddress ? (
          <p className="flex items-start gap-2 text-base text-slate-200">
            <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-blue-300" />
            {shift.siteAddress}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-1.5">
        <p className="flex items-center gap-2 text-2xl font-bold text-white tabular-nums">
          <Clock aria-hidden="true" className="size-6 shrink-0 text-blue-300" />
          {shift.startTime} – {shift.endTime}
          {overnight ? (
            <span className="text-base font-medium text-slate-200">{t('(lendemain)')}</span>
          ) : null}
        </p>
        {shift.breakStart && shift.breakEnd ? (
          <p className="flex items-center gap-2 text-base text-slate-200">
            <Coffee aria-hidden="true" className="size-5 shrink-0 text-slate-300" />
            {t('Pause {start} – {end}', { start: shift.breakStart, end: shift.breakEnd })}
          </p>
        ) : null}
        {shift.clockInAt ? (
          <p className="text-base text-emerald-200">
            {t('Service pris à {time}', { time: localTime(shift.clockInAt, timezone) })}
          </p>
        ) : null}
        {shift.clockOutAt ? (
          <p className="text-base text-slate-200">
            {t('Service terminé à {time}', { time: localTime(shift.clockOutAt, timezone) })}
          </p>
        ) : null}
        {/* i18n: not shown (a stored value compared, not a text) */}
        {shift.cancelReason && shift.status === 'Annulé' ? (
          <p className="text-base text-red-200">{t('Motif : {reason}', { reason: shift.cancelReason })}</p>
        ) : null}
      </div>

      {button && action ? (
        <>
          <BigButton
            key={action}
            tone={button.tone}
            size="xl"
            onClick={() => setOpen(true)}
            data-testid={action === 'in' ? 'clock-in-button' : 'clock-out-button'}
          >
            <button.icon aria-hidden="true" />
            {t(button.label)}
          </BigButton>
          <p className="-mt-2 text-center text-sm text-slate-300">
            {t('Pointage accepté à moins de {radius} m du site', { radius: shift.geofenceRadiusM })}
          </p>
          <ClockDialog action={action} shift={shift} open={open} onOpenChange={setOpen} />
        </>
      ) : null}
    </article>
  );
}
