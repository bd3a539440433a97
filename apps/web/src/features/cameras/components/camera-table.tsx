import type { Camera } from '@vigie/contract/cameras.contract';
import { cameraTypeLabels } from '@vigie/contract/cameras.contract';
import { Eye, Settings } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
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

const th = 'px-4 py-3 text-left text-xs font-medium tracking-wide text-fg-muted uppercase';

/** List view: one row per camera, 'Voir' only when online, the settings button edits. */
export function CameraTable({ cameras, canManage, onView, onEdit, timezone }: CameraTableProps) {
  return (
    <Card className="relative overflow-x-auto">
      <table className="w-full min-w-[960px] text-sm">
        <caption className="sr-only">Liste des caméras</caption>
        <thead className="border-b border-ink-700">
          <tr>
            <th scope="col" className={th}>
              Caméra
            </th>
            <th scope="col" className={th}>
              Site
            </th>
            <th scope="col" className={th}>
              Emplacement
            </th>
            <th scope="col" className={th}>
              IP
            </th>
            <th scope="col" className={th}>
              Type
            </th>
            <th scope="col" className={th}>
              Résolution
            </th>
            <th scope="col" className={th}>
              Fonctions
            </th>
            <th scope="col" className={th}>
              Statut
            </th>
            <th scope="col" className={th}>
              Dernier ping
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-700">
          {cameras.map((camera) => (
            <tr key={camera.id} data-testid="camera-row" className="text-slate-200">
              <td className="px-4 py-3 font-medium text-white">{camera.name}</td>
              <td className="px-4 py-3">{camera.siteName}</td>
              <td className="px-4 py-3">{camera.location}</td>
              <td className="px-4 py-3 font-mono text-xs">{camera.ipAddress ?? '—'}</td>
              <td className="px-4 py-3">{cameraTypeLabels[camera.type]}</td>
              <td className="px-4 py-3">{camera.resolution}</td>
              <td className="px-4 py-3">
                <FeatureDots camera={camera} />
              </td>
              <td className="px-4 py-3">
                <CameraStatusBadge camera={camera} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-fg-muted">
                {camera.lastPing ? formatDateTime(camera.lastPing, timezone) : 'Jamais'}
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-1">
                  <Button
                    variant="outline"
                    size="sm"
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
