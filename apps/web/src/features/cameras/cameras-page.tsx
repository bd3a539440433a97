import type { Camera } from '@vigie/contract/cameras.contract';
import { LayoutGrid, List, Plus, Video } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import { Select, type SelectOption } from '../../components/ui/select';
import { intlLocale } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useCameraCounts, useCameraPage } from './api/get-cameras';
import { CameraDetailDialog } from './components/camera-detail-dialog';
import { CameraFormDialog } from './components/camera-form-dialog';
import { CameraLiveTile } from './components/camera-live-tile';
import { isOnline } from './components/camera-status';
import { CameraTable } from './components/camera-table';

const ALL_SITES = 'all';

/** How many videos the live grid plays at once (the others start paused): the operator's choice. */
const LIVE_MAX_VALUES = ['4', '9', '16'];
const liveMaxOptions = () =>
  LIVE_MAX_VALUES.map((n) => ({ value: n, label: t('{count} vidéos à la fois', { count: n }) }));
const count = (n: number) => n.toLocaleString(intlLocale());
const LIVE_MAX_KEY = 'vigie.cameras.liveMax';
const storedLiveMax = () => {
  try {
    const v = window.localStorage.getItem(LIVE_MAX_KEY);
    return v !== null && LIVE_MAX_VALUES.includes(v) ? v : '9';
  } catch {
    return '9';
  }
};

type CamerasPageProps = {
  /** The company's sites (from the sites feature, given by the route). */
  sites: readonly SelectOption[];
  /** Called after a camera is added, edited or removed (the route refreshes other modules' counts). */
  onCamerasChanged?: () => void;
};

/** Caméras de surveillance: list or live grid, add and edit, health status polled every 10 s. */
export default function CamerasPage({ sites, onCamerasChanged }: CamerasPageProps) {
  const { user } = useSession();
  const canManage = user?.role === 'admin' || user?.role === 'operator';
  const [search, setSearch] = useState('');
  // ?site=<id>: opened from a site on the map (« Voir les caméras du site »).
  const [params] = useSearchParams();
  const [siteId, setSiteId] = useState(() => params.get('site') ?? ALL_SITES);
  const [live, setLive] = useState(false);
  const [liveMax, setLiveMax] = useState(storedLiveMax);
  const chooseLiveMax = (v: string) => {
    setLiveMax(v);
    try {
      window.localStorage.setItem(LIVE_MAX_KEY, v);
    } catch {
      // private mode: the choice lasts for the page
    }
  };
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const debounced = useDebouncedValue(search.trim(), 300);

  const all = useCameraPage();
  const filtered = useCameraPage({ search: debounced, siteId: siteId === ALL_SITES ? undefined : siteId });
  const counts = useCameraCounts();
  const cameras = filtered.data?.items ?? [];
  const shownTotal = filtered.data?.total ?? 0;
  const everyCamera = all.data?.items ?? [];
  // Until the server's counts arrive, the first page's (the same for up to 500 cameras).
  const total = counts.data?.total ?? everyCamera.length;
  const online = counts.data?.online ?? everyCamera.filter(isOnline).length;
  // Looked up in the latest list, so an open dialog follows status changes.
  const find = (id: string | null): Camera | null =>
    id === null ? null : (cameras.find((c) => c.id === id) ?? everyCamera.find((c) => c.id === id) ?? null);
  const editing = find(editingId);
  const viewing = find(viewingId);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
              {t('Caméras de surveillance')}
            </h1>
            <Badge tone={online === total && online > 0 ? 'success' : 'neutral'} data-testid="cameras-online">
              {t('{online}/{total} en ligne', { online: count(online), total: count(total) })}
            </Badge>
          </div>
          <p className="text-fg-muted">{t('Caméras IP, NVR et DVR de vos sites, vérifiées en continu.')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={live ? 'primary' : 'outline'}
            aria-pressed={live}
            onClick={() => setLive((v) => !v)}
          >
            {live ? <List aria-hidden="true" /> : <LayoutGrid aria-hidden="true" />}
            {/* The label says the state it is in, not only its colour (and aria-pressed). */}
            {live ? t('Vue live activée') : t('Vue live')}
          </Button>
          {canManage ? (
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              {t('Ajouter caméra')}
            </Button>
          ) : null}
        </div>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          wrapperClassName="flex-1 sm:max-w-md"
          aria-label={t('Rechercher une caméra par nom ou emplacement')}
          placeholder={t('Rechercher par nom ou emplacement...')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          aria-label={t('Filtrer par site')}
          options={[{ value: ALL_SITES, label: t('Tous les sites') }, ...sites]}
          value={siteId}
          onValueChange={setSiteId}
          className="w-full sm:w-64"
        />
        {live ? (
          <Select
            aria-label={t('Vidéos lues en même temps')}
            options={liveMaxOptions()}
            value={liveMax}
            onValueChange={chooseLiveMax}
            className="w-full sm:w-56"
          />
        ) : null}
      </div>

      <QueryState
        query={filtered}
        loading={t('Chargement des caméras…')}
        error={t('Impossible de charger les caméras')}
        empty={{
          when: cameras.length === 0,
          icon: Video,
          title: t('Aucune caméra trouvée'),
          hint:
            debounced || siteId !== ALL_SITES
              ? t('Essayez une autre recherche ou un autre site.')
              : canManage
                ? t('Ajoutez votre première caméra avec « Ajouter caméra ».')
                : null,
        }}
      >
        {live ? (
          <ul
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
            aria-label={t('Vue live des caméras')}
          >
            {cameras.map((camera, index) => (
              <li key={`${camera.id}-${liveMax}`}>
                <CameraLiveTile
                  camera={camera}
                  onOpen={(c) => setViewingId(c.id)}
                  autoPlay={index < Number(liveMax)}
                />
              </li>
            ))}
          </ul>
        ) : (
          <CameraTable
            cameras={cameras}
            canManage={canManage}
            onView={(c) => setViewingId(c.id)}
            onEdit={(c) => setEditingId(c.id)}
            timezone={user?.timezone}
          />
        )}
      </QueryState>
      {shownTotal > cameras.length && cameras.length > 0 ? (
        <p className="text-sm text-fg-muted" data-testid="cameras-more">
          {t('Les {shown} premières caméras sur {total} : précisez la recherche ou choisissez un site.', {
            shown: count(cameras.length),
            total: count(shownTotal),
          })}
        </p>
      ) : null}

      <CameraFormDialog open={adding} onOpenChange={setAdding} sites={sites} onSaved={onCamerasChanged} />
      {editing ? (
        <CameraFormDialog
          open
          onOpenChange={(open) => !open && setEditingId(null)}
          sites={sites}
          camera={editing}
          onSaved={onCamerasChanged}
        />
      ) : null}
      <CameraDetailDialog
        camera={viewing}
        onOpenChange={(open) => !open && setViewingId(null)}
        timezone={user?.timezone}
      />
    </div>
  );
}
