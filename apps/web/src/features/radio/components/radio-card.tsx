import type { Radio } from '@vigie/contract/radio.contract';
import { BatteryMedium, MapPin, RadioTower, Signal } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { RadioActionsMenu } from './radio-actions-menu';
import { RadioStatusBadge } from './radio-badges';
import { formatCoordinates, formatImei } from './radio-format';
import { RadioMetric } from './radio-metric';
import { SosButton } from './sos-button';

type RadioCardProps = {
  radio: Radio;
  canManage: boolean;
  timezone?: string;
  onAlert: (alertId: string) => void;
  onEdit: (radio: Radio) => void;
  onDelete: (radio: Radio) => void;
};

/** One handset: who carries it, its last report (battery, signal, channel, position) and SOS. */
export function RadioCard({ radio, canManage, timezone, onAlert, onEdit, onDelete }: RadioCardProps) {
  return (
    <Card className="flex w-full flex-col gap-4 p-5" data-testid="radio-card" data-imei={radio.radioId}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className={cn('font-semibold break-words', radio.agentName ? 'text-white' : 'text-fg-muted')}>
            {radio.agentName ?? t('Non assignée')}
          </h3>
          <p className="font-mono text-sm text-slate-300" title={radio.radioId}>
            {/* A code: the same word in every language. */}
            <span className="font-sans text-xs text-fg-muted">{'IMEI '}</span>
            {formatImei(radio.radioId)}
          </p>
          <p className="text-xs text-fg-muted">
            {t('N° de série : {serial}', { serial: radio.serialNumber })}
          </p>
        </div>
        <div className="flex shrink-0 items-start gap-1">
          <RadioStatusBadge status={radio.status} />
          {canManage ? <RadioActionsMenu radio={radio} onEdit={onEdit} onDelete={onDelete} /> : null}
        </div>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 text-sm" data-testid="radio-online">
        <span
          aria-hidden="true"
          className={cn('size-2.5 rounded-full', radio.online ? 'bg-emerald-400' : 'bg-slate-500')}
        />
        <span className={radio.online ? 'text-emerald-200' : 'text-slate-300'}>
          {radio.online ? t('En ligne') : t('Hors ligne')}
        </span>
        <span className="text-xs text-fg-muted">
          {'· '}
          {radio.lastSeen
            ? t('vue le {date}', { date: formatDateTime(radio.lastSeen, timezone) })
            : t('jamais connectée')}
        </span>
      </p>
      <div className="grid grid-cols-2 gap-2">
        <RadioMetric
          icon={BatteryMedium}
          label={t('Batterie')}
          value={radio.battery}
          goodAbove={50}
          lowClass="text-red-300"
          testId="radio-battery"
        />
        <RadioMetric
          icon={Signal}
          label={t('Signal')}
          value={radio.signalStrength}
          goodAbove={70}
          lowClass="text-orange-300"
          testId="radio-signal"
        />
      </div>
      <div className="flex flex-col gap-1.5 text-sm text-slate-300">
        <p className="flex items-center gap-2">
          <RadioTower aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          {radio.currentChannel
            ? t('Canal : {channel}', { channel: radio.currentChannel })
            : t('Aucun canal')}
        </p>
        <p className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-muted" />
          {radio.lastLocation ? (
            <span className="min-w-0 break-words">
              <span className="font-mono">
                {formatCoordinates(radio.lastLocation.lat, radio.lastLocation.lng)}
              </span>
              {radio.lastLocation.accuracy !== null ? ` (±${Math.round(radio.lastLocation.accuracy)} m)` : ''}
              <span className="text-xs text-fg-muted">
                {' · '}
                {t('le {date}', { date: formatDateTime(radio.lastLocation.at, timezone) })}
              </span>
            </span>
          ) : (
            t('Position inconnue')
          )}
        </p>
      </div>
      <div className="mt-auto border-t border-ink-700 pt-4">
        <SosButton radio={radio} onAlert={onAlert} />
      </div>
    </Card>
  );
}
