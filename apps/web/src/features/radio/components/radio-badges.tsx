import {
  type ChannelPriority,
  channelPriorityLabels,
  type RadioStatus,
  radioStatusLabels,
} from '@vigie/contract/radio.contract';
import {
  type RadioAlert,
  radioAlertStatusLabels,
  radioAlertTypeLabels,
} from '@vigie/contract/radio-traffic.contract';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { t, tc } from '../../../lib/i18n/i18n';

type Tone = NonNullable<BadgeProps['tone']>;

const radioStatusTones: Record<RadioStatus, Tone> = {
  active: 'success',
  assigned: 'accent',
  inactive: 'neutral',
};

export function RadioStatusBadge({ status }: { status: RadioStatus }) {
  return <Badge tone={radioStatusTones[status]}>{tc('radio', radioStatusLabels[status])}</Badge>;
}

/** Channel priorities: 0 Normal, 1 Haute, 2 Urgence (red). */
const priorityTones: Record<ChannelPriority, Tone> = { 0: 'neutral', 1: 'warning', 2: 'danger' };

export function ChannelPriorityBadge({ priority }: { priority: number }) {
  const value = (priority in channelPriorityLabels ? priority : 0) as ChannelPriority;
  return (
    <Badge tone={priorityTones[value]} data-testid="channel-priority">
      <span className="font-normal">{t('Priorité :')}</span> {t(channelPriorityLabels[value])}
    </Badge>
  );
}

export function RadioAlertTypeBadge({ type }: { type: RadioAlert['type'] }) {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full border border-red-500/50 bg-red-600 px-2.5 py-0.5 text-xs font-semibold text-white">
      {t(radioAlertTypeLabels[type])}
    </span>
  );
}

const alertStatusTones: Record<RadioAlert['status'], Tone> = {
  active: 'danger',
  acknowledged: 'warning',
  resolved: 'success',
};

export function RadioAlertStatusBadge({ status }: { status: RadioAlert['status'] }) {
  return <Badge tone={alertStatusTones[status]}>{t(radioAlertStatusLabels[status])}</Badge>;
}
