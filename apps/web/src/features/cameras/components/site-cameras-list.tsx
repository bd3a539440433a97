import { Spinner } from '../../../components/ui/spinner';
import { useCameras } from '../api/get-cameras';
import { CameraStatusBadge } from './camera-status';

/** The cameras of one site (for the site's detail view, composed by the route). */
export function SiteCamerasList({ siteId }: { siteId: string }) {
  const { data: cameras, isPending, isError } = useCameras({ siteId });
  if (isPending) return <Spinner label="Chargement des caméras…" />;
  if (isError) return <p className="text-sm text-red-200">Impossible de charger les caméras de ce site.</p>;
  if (cameras.length === 0)
    return <p className="text-sm text-fg-muted">Aucune caméra installée sur ce site.</p>;
  return (
    <ul className="divide-y divide-ink-700">
      {cameras.map((camera) => (
        <li key={camera.id} className="flex items-center justify-between gap-3 py-2">
          <span className="min-w-0">
            <span className="block text-sm font-medium break-words text-white">{camera.name}</span>
            <span className="block truncate text-xs text-fg-muted" title={camera.location}>
              {camera.location}
            </span>
          </span>
          <CameraStatusBadge camera={camera} />
        </li>
      ))}
    </ul>
  );
}
