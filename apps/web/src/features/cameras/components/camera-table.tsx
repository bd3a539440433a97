import type { Camera } from '@vigie/contract/cameras.contract';
import { cameraTypeLabels } from '@vigie/contract/cameras.contract';
import { Eye, Settings } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataList } from '../../../components/ui/data-list';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { CameraStatusBadge, FeatureDots, isOnline } from './camera-status';
import { ofName } from './of-name';

type CameraTableProps = {
  cameras: Camera[];
  canManage: boolean;
  onView: (camera: Camera) => void;
  onEdit: (camera: Camera) => void;
  timezone?: string;
};

/**
 * List view: one row per camera, 'Voir' only when online, the settings button edits. On a phone,
 * one card per camera: its name, site, location, status and last ping, and the same buttons.
 */
export function CameraTable({ cameras, canManage, onView, onEdit, timezone }: CameraTableProps) {
  const columns: DataColumn<Camera>[] = [
    { id: 'name', header: t('Caméra'), primary: true, cell: (camera) => camera.name },
    { id: 'site', header: t('Site'), cell: (camera) => camera.siteName },
    { id: 'location', header: t('Emplacement'), cell: (camera) => camera.location },
    {
      id: 'ip',
      header: 'IP',
      hideOnCard: true,
      className: 'font-mono text-xs',
      cell: (camera) => camera.ipAddress ?? '—',
    },
    { id: 'type', header: t('Type'), hideOnCard: true, cell: (camera) => t(cameraTypeLabels[camera.type]) },
    { id: 'resolution', header: t('Résolution'), hideOnCard: true, cell: (camera) => camera.resolution },
    {
      id: 'features',
      header: t('Fonctions'),
      hideOnCard: true,
      cell: (camera) => <FeatureDots camera={camera} />,
    },
    { id: 'status', header: t('Statut'), cell: (camera) => <CameraStatusBadge camera={camera} /> },
    {
      id: 'ping',
      header: t('Dernier ping'),
      className: '@3xl:whitespace-nowrap text-fg-muted',
      cell: (camera) => (camera.lastPing ? formatDateTime(camera.lastPing, timezone) : t('Jamais')),
    },
    {
      id: 'actions',
      header: t('Actions'),
      srOnlyHeader: true,
      actions: true,
      cell: (camera) => (
        <div className="flex justify-end gap-1 @max-3xl:gap-2">
          <Button
            variant="outline"
            size="sm"
            className="@max-3xl:flex-1"
            disabled={!isOnline(camera)}
            onClick={() => onView(camera)}
            aria-label={t('Voir {name}', { name: camera.name })}
          >
            <Eye aria-hidden="true" />
            {t('Voir')}
          </Button>
          {canManage ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onEdit(camera)}
              aria-label={t('Paramètres {camera}', { camera: ofName(camera.name) })}
            >
              <Settings aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <DataList
      caption={t('Liste des caméras')}
      columns={columns}
      rows={cameras}
      rowKey={(camera) => camera.id}
      rowProps={() => ({ 'data-testid': 'camera-row' })}
      tableClassName="@3xl:min-w-[960px]"
      className="relative"
    />
  );
}
