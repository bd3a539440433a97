import type { Site } from '@vigie/contract/sites.contract';
import { Building2, Plus, Search } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-errors';
import { currentLocale, t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSitePage } from './api/get-sites';
import { DeleteSiteDialog } from './components/delete-site-dialog';
import { SiteCard } from './components/site-card';
import { SiteDetailDialog } from './components/site-detail-dialog';
import { SiteFormDialog } from './components/site-form-dialog';

type SitesPageProps = {
  /** The cameras of one site, for the detail view (from the cameras feature, given by the route). */
  renderSiteCameras?: (siteId: string) => ReactNode;
};

/** Sites de surveillance: server-side search, card grid, create/edit/delete, detail view. */
export default function SitesPage({ renderSiteCameras }: SitesPageProps) {
  const { user } = useSession();
  const canManage = user?.role === 'admin' || user?.role === 'operator';
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useSitePage(debounced);
  const { data, isPending, isError, error, isFetching } = list;
  const sites = data?.items ?? [];
  const total = data?.total ?? 0;

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Site | null>(null);
  const [viewing, setViewing] = useState<Site | null>(null);
  const [deleting, setDeleting] = useState<Site | null>(null);

  useEffect(() => {
    if (isError) toast.error(t('Impossible de charger les sites'), { description: errorMessage(error) });
  }, [isError, error]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {t('Sites de surveillance')}
          </h1>
          <p className="text-fg-muted">{t('Vos sites clients, leurs contacts et leurs équipements.')}</p>
        </div>
        {canManage ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('Nouveau site')}
          </Button>
        ) : null}
      </div>

      <div className="relative max-w-md">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
        />
        <Input
          type="search"
          aria-label={t('Rechercher un site par nom ou adresse')}
          placeholder={t('Rechercher par nom ou adresse...')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
        {isFetching && !isPending ? (
          <Spinner
            className="absolute top-1/2 right-3 -translate-y-1/2 [&_svg]:size-4"
            label={t('Recherche…')}
          />
        ) : null}
      </div>

      <QueryState
        query={list}
        loading={t('Chargement des sites…')}
        error={t('Impossible de charger les sites')}
        empty={{
          when: sites.length === 0,
          icon: Building2,
          title: t('Aucun site trouvé'),
          hint: debounced
            ? t('Essayez une autre recherche.')
            : canManage
              ? t('Créez votre premier site avec « Nouveau site ».')
              : null,
        }}
      >
        <p className="text-sm text-fg-muted" aria-live="polite">
          {total > sites.length
            ? t('Les {shown} premiers sites sur {total} : précisez la recherche.', {
                shown: sites.length.toLocaleString(currentLocale()),
                total: total.toLocaleString(currentLocale()),
              })
            : t('{count, plural, one {# site} other {# sites}}', { count: sites.length })}
        </p>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {sites.map((site) => (
            <li key={site.id} className="flex">
              <SiteCard
                site={site}
                canManage={canManage}
                onView={setViewing}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
      </QueryState>

      <SiteFormDialog open={creating} onOpenChange={setCreating} />
      {editing ? (
        <SiteFormDialog open onOpenChange={(open) => !open && setEditing(null)} site={editing} />
      ) : null}
      {deleting ? (
        <DeleteSiteDialog site={deleting} open onOpenChange={(open) => !open && setDeleting(null)} />
      ) : null}
      <SiteDetailDialog
        site={viewing}
        onOpenChange={(open) => !open && setViewing(null)}
        renderCameras={renderSiteCameras}
        timezone={user?.timezone}
      />
    </div>
  );
}
