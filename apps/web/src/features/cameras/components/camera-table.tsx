import type { Camera } from '@vigie/contract/cameras.contract';
import { cameraTypeLabels } from '@vigie/contract/cameras.contract';
import { Eye, Settings } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { type DataColumn, DataList } from '../../../components/ui/data-list';
import { formatDateTime } from '../../../lib/format';
import { deName } from '../../../lib/french';
import { CameraStatusBadge, FeatureDots, isOnline } from './camera-status';

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
    { id: 'name', header: 'Caméra', primary: true, cell: (camera) => camera.name },
    { id: 'site', header: 'Site', cell: (camera) => camera.siteName },
    { id: 'location', header: 'Emplacement', cell: (camera) => camera.location },
    {
      id: 'ip',
      header: 'IP',
      hideOnCard: true,
      className: 'font-mono text-xs',
      cell: (camera) => camera.ipAddress ?? '—',
    },
    { id: 'type', header: 'Type', hideOnCard: true, cell: (camera) => cameraTypeLabels[camera.type] },
    { id: 'resolution', header: 'Résolution', hideOnCard: true, cell: (camera) => camera.resolution },
    {
      id: 'features',
      header: 'Fonctions',
      hideOnCard: true,
      cell: (camera) => <FeatureDots camera={camera} />,
    },
    { id: 'status', header: 'Statut', cell: (camera) => <CameraStatusBadge camera={camera} /> },
    {
      id: 'ping',
      header: 'Dernier ping',
      className: '@3xl:whitespace-nowrap text-fg-muted',
      cell: (camera) => (camera.lastPing ? formatDateTime(camera.lastPing, timezone) : 'Jamais'),
    },
    {
      id: 'actions',
      header: 'Actions',
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
            aria-label={`Voir ${camera.name}`}
          >
            <Eye aria-hidden="true" />
            Voir
          </Button>
          {canManage ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onEdit(camera)}
              aria-label={`Paramètres ${deName(camera.name)}`}
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
      caption="Liste des caméras"
      columns={columns}
      rows={cameras}
      rowKey={(camera) => camera.id}
      rowProps={() => ({ 'data-testid': 'camera-row' })}
      tableClassName="@3xl:min-w-[960px]"
      className="relative"
    />
  );
}
