import { type Alarm, alarmSourceLabels, alarmTypeLabels } from '@vigie/contract/alarms.contract';
import { DispatchPanel } from '../../../components/interventions/dispatch-panel';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { AlarmVideo } from '../../../components/video/alarm-video';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useAlarm } from '../api/get-alarm';
import { AlarmActions } from './alarm-actions';
import { formatDuration, SeverityBadge, StatusBadge } from './alarm-badges';
import { AlarmFilePanel } from './alarm-file-panel';
import { AlarmTimeline } from './alarm-timeline';

type AlarmDetailDialogProps = {
  /** The alarm to show (by id: it may come from a link before the list is loaded). */
  alarmId: string | null;
  /** The list's copy, shown while the full alarm loads. */
  placeholder?: Alarm;
  onOpenChange: (open: boolean) => void;
  canManage: boolean;
  timezone?: string;
  onChanged?: () => void;
};

function Info({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 flex flex-col gap-0.5' : 'flex flex-col gap-0.5'}>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="break-words text-sm text-slate-200">{value}</dd>
    </div>
  );
}

function DetailBody({
  alarm,
  canManage,
  timezone,
  onChanged,
}: { alarm: Alarm } & Omit<AlarmDetailDialogProps, 'alarmId' | 'placeholder' | 'onOpenChange'>) {
  const at = (value: string | null) => (value ? formatDateTime(value, timezone) : '—');
  return (
    <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap gap-2">
          <SeverityBadge severity={alarm.severity} />
          <StatusBadge status={alarm.status} />
        </div>
        {alarm.description ? (
          <p className="whitespace-pre-wrap break-words text-sm text-slate-200">{alarm.description}</p>
        ) : null}
        <dl className="grid grid-cols-2 gap-3">
          <Info label={t('Type')} value={t(alarmTypeLabels[alarm.type])} />
          <Info label={t('Site')} value={alarm.siteName} />
          <Info label={t('Emplacement')} value={alarm.location} />
          <Info label={t('Déclenchée par')} value={alarm.triggeredBy ?? '—'} />
          <Info label={t('Déclenchée le')} value={at(alarm.timestamp)} />
          <Info label={t('Origine')} value={t(alarmSourceLabels[alarm.source])} />
          <Info label={t('Prise en charge par')} value={alarm.assignedTo ?? '—'} />
          <Info
            label={t('Temps de réponse')}
            value={alarm.responseTime === null ? t('En attente') : formatDuration(alarm.responseTime)}
          />
          <Info
            label={t('Acquittée')}
            value={
              alarm.acknowledgedAt
                ? t('{at} par {name}', { at: at(alarm.acknowledgedAt), name: alarm.acknowledgedBy ?? '—' })
                : '—'
            }
          />
          <Info
            label={t('Résolue')}
            value={
              alarm.resolvedAt
                ? t('{at} par {name}', { at: at(alarm.resolvedAt), name: alarm.resolvedBy ?? '—' })
                : '—'
            }
          />
          {alarm.escalatedAt ? <Info label={t('Escaladée le')} value={at(alarm.escalatedAt)} /> : null}
          {alarm.resolutionNote ? (
            <Info label={t('Note de résolution')} value={alarm.resolutionNote} wide />
          ) : null}
        </dl>
        <AlarmActions alarm={alarm} canManage={canManage} onChanged={onChanged} />
        {canManage ? <AlarmFilePanel alarm={alarm} timezone={timezone} /> : null}
      </div>
      <div className="flex flex-col gap-6 md:border-l md:border-ink-700 md:pl-6">
        {/* The picture next to the timeline: what the operator verifies the alarm with. */}
        <AlarmVideo alarmId={alarm.id} cameraId={alarm.cameraId} timezone={timezone} />
        <DispatchPanel alarmId={alarm.id} canManage={canManage} />
        <section className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-white">{t('Historique')}</h3>
          <AlarmTimeline entries={alarm.timeline} timezone={timezone} />
        </section>
      </div>
    </div>
  );
}

/** Details overlay: every field, the timeline, and the actions the user's role allows. */
export function AlarmDetailDialog({ alarmId, placeholder, onOpenChange, ...rest }: AlarmDetailDialogProps) {
  const { data: alarm, isError } = useAlarm(alarmId, placeholder);
  return (
    <Dialog open={alarmId !== null} onOpenChange={onOpenChange}>
      {alarmId !== null ? (
        <DialogContent
          size="xl"
          title={alarm?.title ?? t('Alarme')}
          description={alarm ? `${alarm.siteName} · ${alarm.location}` : undefined}
        >
          {alarm ? (
            <DetailBody alarm={alarm} {...rest} />
          ) : isError ? (
            <p className="text-red-200">{t('Alarme introuvable')}</p>
          ) : (
            <div className="flex justify-center py-10">
              <Spinner label={t("Chargement de l'alarme…")} />
            </div>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
