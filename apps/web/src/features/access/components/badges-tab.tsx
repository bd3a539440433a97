import { type Badge, badgeStatuses } from '@vigie/contract/access.contract';
import { IdCard } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchInput } from '../../../components/ui/search-input';
import { Select, type SelectOption } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteBadge } from '../api/delete-badge';
import { useBadges } from '../api/get-badges';
import { BadgeCard } from './badge-card';
import { BadgeFormDialog } from './badge-form-dialog';
import { BadgeQrDialog } from './badge-qr-dialog';
import { ALL } from './logs-filters';

const statusOptions: SelectOption[] = [
  { value: ALL, label: 'Tous les statuts' },
  ...badgeStatuses.map((s) => ({ value: s, label: s })),
];
const isBadgeStatus = (v: string): v is Badge['status'] => (badgeStatuses as readonly string[]).includes(v);

/** Gestion des badges: search, status, and each badge's QR code, edit, suspend and delete. */
export function BadgesTab() {
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
      toast.success('Badge supprimé', { description: `Le badge ${deleting.badgeId} a été supprimé.` });
    } catch (error) {
      toast.error('Impossible de supprimer le badge', { description: errorMessage(error) });
    }
    setDeleting(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row">
        <SearchInput
          wrapperClassName="flex-1 md:max-w-md"
          aria-label="Rechercher un badge par titulaire, numéro ou service"
          placeholder="Rechercher par titulaire, numéro ou service..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          aria-label="Filtrer les badges par statut"
          options={statusOptions}
          value={status}
          onValueChange={setStatus}
          className="w-full md:w-52"
        />
      </div>

      <QueryState
        query={list}
        loading="Chargement des badges…"
        error="Impossible de charger les badges"
        empty={{
          when: badges.length === 0,
          icon: IdCard,
          title: 'Aucun badge trouvé',
          hint:
            debounced || status !== ALL
              ? 'Essayez une autre recherche ou un autre statut.'
              : 'Créez le premier badge avec « Nouveau badge ».',
        }}
      >
        <p className="text-sm text-fg-muted" aria-live="polite">
          {total > badges.length
            ? `${badges.length} badges affichés sur ${total} : affinez la recherche`
            : `${total} badge${total > 1 ? 's' : ''}`}
        </p>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Badges">
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
        title="Supprimer ce badge ?"
        description={
          deleting
            ? `Le badge ${deleting.badgeId} (${deleting.holderName}) sera refusé sur tous les lecteurs et retiré de la liste. Ses passages restent dans le journal.`
            : ''
        }
        confirmLabel="Supprimer"
        pendingLabel="Suppression..."
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
      <BadgeQrDialog badge={showingQr} onOpenChange={(open) => !open && setShowingQr(null)} />
    </div>
  );
}
