import { type Badge, badgeStatuses } from '@vigie/contract/access.contract';
import { IdCard } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchInput } from '../../../components/ui/search-input';
import { Select, type SelectOption } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteBadge } from '../api/delete-badge';
import { useBadges } from '../api/get-badges';
import { badgeStatusLabels } from './access-status';
import { BadgeCard } from './badge-card';
import { BadgeFormDialog } from './badge-form-dialog';
import { BadgeQrDialog } from './badge-qr-dialog';
import { ALL } from './logs-filters';

const isBadgeStatus = (v: string): v is Badge['status'] => (badgeStatuses as readonly string[]).includes(v);

/** Gestion des badges: search, status, and each badge's QR code, edit, suspend and delete. */
export function BadgesTab() {
  const statusOptions: SelectOption[] = [
    { value: ALL, label: t('Tous les statuts') },
    ...badgeStatuses.map((s) => ({ value: s, label: t(badgeStatusLabels[s]) })),
  ];
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState(ALL);
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useBadges({
    search: debounced || undefined,
    status: isBadgeStatus(status) ? status : undefined,
  });
  const badges = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  const [editing, setEditing] = useState<Badge | null>(null);
  const [deleting, setDeleting] = useState<Badge | null>(null);
  const [showingQr, setShowingQr] = useState<Badge | null>(null);
  const remove = useDeleteBadge();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('Badge supprimé'), {
        description: t('Le badge {id} a été supprimé.', { id: deleting.badgeId }),
      });
    } catch (error) {
      toast.error(t('Impossible de supprimer le badge'), { description: errorMessage(error) });
    }
    setDeleting(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row">
        <SearchInput
          wrapperClassName="flex-1 md:max-w-md"
          aria-label={t('Rechercher un badge par titulaire, numéro ou service')}
          placeholder={t('Rechercher par titulaire, numéro ou service...')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          aria-label={t('Filtrer les badges par statut')}
          options={statusOptions}
          value={status}
          onValueChange={setStatus}
          className="w-full md:w-52"
        />
      </div>

      <QueryState
        query={list}
        loading={t('Chargement des badges…')}
        error={t('Impossible de charger les badges')}
        empty={{
          when: badges.length === 0,
          icon: IdCard,
          title: t('Aucun badge trouvé'),
          hint:
            debounced || status !== ALL
              ? t('Essayez une autre recherche ou un autre statut.')
              : t('Créez le premier badge avec « Nouveau badge ».'),
        }}
      >
        <p className="text-sm text-fg-muted" aria-live="polite">
          {total > badges.length
            ? t('{shown} badges affichés sur {total} : affinez la recherche', { shown: badges.length, total })
            : t('{count, plural, one {{count} badge} other {{count} badges}}', { count: total })}
        </p>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('Badges')}>
          {badges.map((badge) => (
            <li key={badge.id} className="flex">
              <BadgeCard badge={badge} onEdit={setEditing} onDelete={setDeleting} onShowQr={setShowingQr} />
            </li>
          ))}
        </ul>
      </QueryState>

      {editing ? (
        <BadgeFormDialog open onOpenChange={(open) => !open && setEditing(null)} badge={editing} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('Supprimer ce badge ?')}
        description={
          deleting
            ? t(
                'Le badge {id} ({holder}) sera refusé sur tous les lecteurs et retiré de la liste. Ses passages restent dans le journal.',
                { id: deleting.badgeId, holder: deleting.holderName },
              )
            : ''
        }
        confirmLabel={t('Supprimer')}
        pendingLabel={t('Suppression...')}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
      <BadgeQrDialog badge={showingQr} onOpenChange={(open) => !open && setShowingQr(null)} />
    </div>
  );
}
