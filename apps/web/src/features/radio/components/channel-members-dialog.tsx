import type { Channel } from '@vigie/contract/radio.contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useAgents } from '../../../lib/agents-api';
import { errorMessage } from '../../../lib/api-errors';
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
          title={`Membres du canal — ${channel.name}`}
          description="Les agents et les radios qui parlent et écoutent sur ce canal."
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
      toast.success('Membres enregistrés', {
        description: `${saved.name} : ${saved.memberCount} membre${saved.memberCount > 1 ? 's' : ''}.`,
      });
      onOpenChange(false);
    } catch (error) {
      toast.error('Erreur', { description: errorMessage(error, 'Impossible de modifier les membres') });
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <MemberChecklist
          legend="Agents"
          choices={agents.data?.map((a) => ({ id: a.id, label: a.name, detail: a.currentSite ?? undefined }))}
          selected={agentIds}
          onToggle={(id) => setAgentIds((current) => toggled(current, id))}
          loading="Chargement des agents…"
          empty="Aucun agent : ajoutez-les dans le planning."
        />
        <MemberChecklist
          legend="Radios"
          choices={radios.data?.map((r) => ({
            id: r.id,
            label: formatImei(r.radioId),
            detail: r.agentName ?? 'non assignée',
          }))}
          selected={radioIds}
          onToggle={(id) => setRadioIds((current) => toggled(current, id))}
          loading="Chargement des radios…"
          empty="Aucune radio pour le moment."
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Annuler
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
      </div>
    </form>
  );
}
