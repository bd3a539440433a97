import { type Channel, channelTypeLabels } from '@vigie/contract/radio.contract';
import { Trash2, Users } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { PttPanel } from '../ptt/ptt-panel';
import { ChannelPriorityBadge } from './radio-badges';

type ChannelCardProps = {
  channel: Channel;
  canManage: boolean;
  onMembers: (channel: Channel) => void;
  onDelete: (channel: Channel) => void;
};

/** A channel: its type and priority, who is on it now, and its push-to-talk panel. */
export function ChannelCard({ channel, canManage, onMembers, onDelete }: ChannelCardProps) {
  return (
    <Card className="flex w-full flex-col gap-4 p-5" data-testid="channel-card" data-channel-id={channel.id}>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold break-words text-white">{channel.name}</h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="accent">{t(channelTypeLabels[channel.type])}</Badge>
          <ChannelPriorityBadge priority={channel.priority} />
        </div>
        {channel.description ? (
          <p className="text-sm break-words text-slate-300">{channel.description}</p>
        ) : null}
        <p className="flex items-center gap-2 text-sm text-slate-300" data-testid="channel-members">
          <Users aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          {t('{active} / {count, plural, one {# membre actif} other {# membres actifs}}', {
            active: channel.activeMembers,
            count: channel.memberCount,
          })}
        </p>
      </div>
      <PttPanel channel={channel} />
      {canManage ? (
        <div className="mt-auto grid grid-cols-2 gap-2 border-t border-ink-700 pt-4">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onMembers(channel)}
            aria-label={t('Membres du canal {name}', { name: channel.name })}
          >
            <Users aria-hidden="true" />
            {t('Membres')}
          </Button>
          <Button
            variant="danger-ghost"
            size="sm"
            onClick={() => onDelete(channel)}
            aria-label={t('Supprimer le canal {name}', { name: channel.name })}
          >
            <Trash2 aria-hidden="true" />
            {t('Supprimer')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
