import { QueryState } from '../../../components/query-state';
import { t } from '../../../lib/i18n/i18n';
import { useCameras } from '../api/get-cameras';
import { CameraStatusBadge } from './camera-status';

/** The cameras of one site (for the site's detail view, composed by the route). */
export function SiteCamerasList({ siteId }: { siteId: string }) {
  const list = useCameras({ siteId });
  return (
    <QueryState
      query={list}
      layout="inline"
      loading={t('Chargement des caméras…')}
      error={t('Impossible de charger les caméras de ce site.')}
      empty={{ when: (cameras) => cameras.length === 0, title: t('Aucune caméra installée sur ce site.') }}
    >
      {(cameras) => (
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
      )}
    </QueryState>
  );
}
