import type { AccessPoint } from '@vigie/contract/access.contract';
import { DoorClosed, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteAccessPoint } from '../api/delete-access-point';
import { useAccessPoints } from '../api/get-access-points';
import { PointCard } from './point-card';
import { PointFormDialog } from './point-form-dialog';
import { PointKeysDialog } from './point-keys-dialog';

type PointsTabProps = { isAdmin: boolean; timezone?: string };

/** Points d'accès: doors, gates, barriers and turnstiles, their health and their reader keys. */
export function PointsTab({ isAdmin, timezone }: PointsTabProps) {
  const list = useAccessPoints();
  const points = list.data ?? [];
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AccessPoint | null>(null);
  const [deleting, setDeleting] = useState<AccessPoint | null>(null);
  const [keysOf, setKeysOf] = useState<AccessPoint | null>(null);
  const remove = useDeleteAccessPoint();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("Point d'accès supprimé"), {
        description: t('{name} a été supprimé.', { name: deleting.name }),
      });
    } catch (error) {
      toast.error(t("Impossible de supprimer le point d'accès"), { description: errorMessage(error) });
    }
    setDeleting(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.data
            ? t("{count, plural, one {{count} point d'accès} other {{count} points d'accès}}", {
                count: points.length,
              })
            : null}
        </p>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t("Nouveau point d'accès")}
        </Button>
      </div>

      <QueryState
        query={list}
        loading={t("Chargement des points d'accès…")}
        error={t("Impossible de charger les points d'accès")}
        empty={{
          when: points.length === 0,
          icon: DoorClosed,
          title: t("Aucun point d'accès"),
          hint: t("Déclarez les portes, portails, barrières et tourniquets équipés d'un lecteur."),
        }}
      >
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t("Points d'accès")}>
          {points.map((point) => (
            <li key={point.id} className="flex">
              <PointCard
                point={point}
                isAdmin={isAdmin}
                timezone={timezone}
                onEdit={setEditing}
                onDelete={setDeleting}
                onKeys={setKeysOf}
              />
            </li>
          ))}
        </ul>
      </QueryState>

      <PointFormDialog open={creating} onOpenChange={setCreating} />
      {editing ? (
        <PointFormDialog open onOpenChange={(open) => !open && setEditing(null)} point={editing} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("Supprimer ce point d'accès ?")}
        description={
          deleting
            ? t(
                '{name} ({site}) sera supprimé et ses clés de lecteur révoquées. Ses passages restent dans le journal.',
                { name: deleting.name, site: deleting.site },
              )
            : ''
        }
        confirmLabel={t('Supprimer')}
        pendingLabel={t('Suppression...')}
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
      {isAdmin ? (
        <PointKeysDialog
          point={keysOf}
          onOpenChange={(open) => !open && setKeysOf(null)}
          timezone={timezone}
        />
      ) : null}
    </div>
  );
}
