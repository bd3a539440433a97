import type { Channel } from '@vigie/contract/radio.contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useAgents } from '../../../lib/agents-api';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useRadios } from '../api/get-radios';
import { useSetChannelMembers } from '../api/set-channel-members';
import { MemberChecklist } from './member-checklist';
import { formatImei } from './radio-format';

type ChannelMembersDialogProps = { channel: Channel | null; onOpenChange: (open: boolean) => void };

/** 'Membres du canal': the agents and radios that talk on it. */
export function ChannelMembersDialog({ channel, onOpenChange }: ChannelMembersDialogProps) {
  return (
    <Dialog open={channel !== null} onOpenChange={onOpenChange}>
      {channel ? (
        <DialogContent
          size="lg"
          title={t('Membres du canal — {name}', { name: channel.name })}
          description={t('Les agents et les radios qui parlent et écoutent sur ce canal.')}
        >
          <MembersForm channel={channel} onOpenChange={onOpenChange} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const idsOf = (channel: Channel, kind: 'agent' | 'radio') =>
  new Set(channel.members.filter((m) => m.kind === kind).map((m) => m.id));

function toggled(set: ReadonlySet<string>, id: string) {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

function MembersForm({ channel, onOpenChange }: { channel: Channel; onOpenChange: (open: boolean) => void }) {
  const agents = useAgents();
  const radios = useRadios();
  const save = useSetChannelMembers();
  const [agentIds, setAgentIds] = useState(() => idsOf(channel, 'agent'));
  const [radioIds, setRadioIds] = useState(() => idsOf(channel, 'radio'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await save.mutateAsync({
        id: channel.id,
        agentIds: [...agentIds],
        radioIds: [...radioIds],
      });
      toast.success(t('Membres enregistrés'), {
        description: t('{name} : {count, plural, one {# membre} other {# membres}}.', {
          name: saved.name,
          count: saved.memberCount,
        }),
      });
      onOpenChange(false);
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de modifier les membres')) });
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <MemberChecklist
          legend={t('Agents')}
          choices={agents.data?.map((a) => ({ id: a.id, label: a.name, detail: a.currentSite ?? undefined }))}
          selected={agentIds}
          onToggle={(id) => setAgentIds((current) => toggled(current, id))}
          loading={t('Chargement des agents…')}
          empty={t('Aucun agent : ajoutez-les dans le planning.')}
        />
        <MemberChecklist
          legend={t('Radios')}
          choices={radios.data?.map((r) => ({
            id: r.id,
            label: formatImei(r.radioId),
            detail: r.agentName ?? t('non assignée'),
          }))}
          selected={radioIds}
          onToggle={(id) => setRadioIds((current) => toggled(current, id))}
          loading={t('Chargement des radios…')}
          empty={t('Aucune radio pour le moment.')}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('Enregistrement...') : t('Enregistrer')}
        </Button>
      </div>
    </form>
  );
}
