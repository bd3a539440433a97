import { type Alarm, alarmTypeLabels } from '@vigie/contract/alarms.contract';
import { ChevronRight, Clock, MapPin } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { SeverityBadge, StatusBadge, severityStripe } from './alarm-badges';

type AlarmListProps = { alarms: Alarm[]; onOpen: (alarm: Alarm) => void; timezone?: string };

export function AlarmList({ alarms, onOpen, timezone }: AlarmListProps) {
  return (
    <ul className="flex flex-col gap-3" aria-label={t('Alarmes')}>
      {alarms.map((alarm) => (
        <li key={alarm.id} data-testid="alarm-row" data-status={alarm.status}>
          <button
            type="button"
            onClick={() => onOpen(alarm)}
            aria-label={t("Voir l'alarme {title}", { title: alarm.title })}
            className={cn(
              'group relative flex w-full items-stretch overflow-hidden rounded-xl border border-ink-700 bg-ink-850 text-left transition-colors hover:border-ink-600 hover:bg-ink-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500',
              alarm.status === 'resolved' && 'opacity-80',
            )}
          >
            <span aria-hidden="true" className={cn('w-1.5 shrink-0', severityStripe[alarm.severity])} />
            <span className="flex min-w-0 flex-1 flex-col gap-2 p-4">
              <span className="flex flex-wrap items-start justify-between gap-2">
                <span className="min-w-0 font-medium break-words text-white">{alarm.title}</span>
                <span className="flex flex-wrap gap-1.5">
                  <SeverityBadge severity={alarm.severity} />
                  <StatusBadge status={alarm.status} />
                </span>
              </span>
              {alarm.description ? (
                <span className="line-clamp-2 text-sm break-words text-slate-300">{alarm.description}</span>
              ) : null}
              <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-fg-muted">
                <span className="text-slate-300">{t(alarmTypeLabels[alarm.type])}</span>
                <span className="flex items-center gap-1">
                  <MapPin aria-hidden="true" className="size-3.5" />
                  {alarm.siteName} · {alarm.location}
                </span>
                <span className="flex items-center gap-1">
                  <Clock aria-hidden="true" className="size-3.5" />
                  <time dateTime={alarm.timestamp}>{formatDateTime(alarm.timestamp, timezone)}</time>
                </span>
              </span>
            </span>
            <span className="flex items-center pr-3 text-fg-muted group-hover:text-white">
              <ChevronRight aria-hidden="true" className="size-5" />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
