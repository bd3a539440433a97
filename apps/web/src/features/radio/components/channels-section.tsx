import type { Channel } from '@vigie/contract/radio.contract';
import { RadioTower } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteChannel } from '../api/delete-channel';
import { useChannels } from '../api/get-channels';
import { ChannelCard } from './channel-card';
import { ChannelMembersDialog } from './channel-members-dialog';

/** The channels, by priority, each with its push-to-talk panel; members and removal for managers. */
export function ChannelsSection({ canManage }: { canManage: boolean }) {
  const list = useChannels();
  const channels = list.data ?? [];
  const [membersOf, setMembersOf] = useState<Channel | null>(null);
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const remove = useDeleteChannel();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('Canal supprimé'), { description: deleting.name });
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de supprimer le canal')) });
    }
    setDeleting(null);
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="channels-title">
      <div className="flex flex-col gap-0.5">
        <h2 id="channels-title" className="text-lg font-semibold text-white">
          {t('Canaux')}
        </h2>
        <p className="text-sm text-fg-muted">
          {t('Écoutez un canal et parlez-y depuis le navigateur, comme sur une radio.')}
        </p>
      </div>

      <QueryState
        query={list}
        loading={t('Chargement des canaux…')}
        error={t('Impossible de charger les canaux')}
        empty={{
          when: channels.length === 0,
          icon: RadioTower,
          title: t('Aucun canal'),
          hint: t("Créez un canal par site, par équipe, et un canal d'urgence prioritaire."),
        }}
      >
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t('Canaux')}>
          {channels.map((channel) => (
            <li key={channel.id} className="flex">
              <ChannelCard
                channel={channel}
                canManage={canManage}
                onMembers={setMembersOf}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
      </QueryState>

      <ChannelMembersDialog channel={membersOf} onOpenChange={(open) => !open && setMembersOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Supprimer ce canal ?')}
        description={
          deleting
            ? t("Le canal {name} sera supprimé. L'historique de ses communications est conservé.", {
                name: deleting.name,
              })
            : ''
        }
        confirmLabel={t('Supprimer')}
        pendingLabel={t('Suppression...')}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
