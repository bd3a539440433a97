import type { Site } from '@vigie/contract/sites.contract';
import { Camera, Eye, MapPin, MoreVertical, Pencil, Power, Siren, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useUpdateSite } from '../api/update-site';
import { SiteStatusBadge, SiteTypeBadge } from './site-badges';
import { hasContact, SiteContactList } from './site-contact-list';

type SiteCardProps = {
  site: Site;
  canManage: boolean;
  onView: (site: Site) => void;
  onEdit: (site: Site) => void;
  onDelete: (site: Site) => void;
};

export function SiteCard({ site, canManage, onView, onEdit, onDelete }: SiteCardProps) {
  const update = useUpdateSite();
  const active = site.status === 'active';

  const toggleStatus = async () => {
    try {
      await update.mutateAsync({ id: site.id, body: { status: active ? 'inactive' : 'active' } });
      toast.success(active ? t('Site désactivé') : t('Site activé'), { description: site.name });
    } catch (error) {
      toast.error(t('Impossible de modifier le site'), { description: errorMessage(error) });
    }
  };

  return (
    <Card className="flex w-full flex-col gap-4 p-5" data-testid="site-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-2">
          <h2 className="text-lg font-semibold break-words text-white">{site.name}</h2>
          <div className="flex flex-wrap gap-2">
            <SiteTypeBadge type={site.type} />
            <SiteStatusBadge status={site.status} />
          </div>
        </div>
        {canManage ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("Plus d'actions pour {name}", { name: site.name })}
              >
                <MoreVertical aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => void toggleStatus()} disabled={update.isPending}>
                <Power aria-hidden="true" />
                {active ? t('Passer en Inactif') : t('Passer en Actif')}
              </DropdownMenuItem>
              <DropdownMenuItem tone="danger" onSelect={() => onDelete(site)}>
                <Trash2 aria-hidden="true" />
                {t('Supprimer')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
      <p className="flex items-start gap-2 text-sm text-slate-300">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-muted" />
        {site.address}
      </p>
      {hasContact(site) ? <SiteContactList site={site} className="text-fg-muted" /> : null}
      <div className="mt-auto flex gap-4 border-t border-ink-700 pt-4 text-sm text-slate-300">
        <span className="flex items-center gap-1.5">
          <Camera aria-hidden="true" className="size-4 text-blue-300" />
          {t('{count, plural, one {# caméra} other {# caméras}}', { count: site.camerasCount })}
        </span>
        <span className="flex items-center gap-1.5">
          <Siren aria-hidden="true" className="size-4 text-amber-300" />
          {t('{count, plural, one {# alarme} other {# alarmes}}', { count: site.alarmsCount })}
        </span>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          className="flex-1"
          onClick={() => onView(site)}
          aria-label={t('Voir {name}', { name: site.name })}
        >
          <Eye aria-hidden="true" />
          {t('Voir')}
        </Button>
        {canManage ? (
          <Button
            variant="secondary"
            size="sm"
            className="flex-1"
            onClick={() => onEdit(site)}
            aria-label={t('Modifier {name}', { name: site.name })}
          >
            <Pencil aria-hidden="true" />
            {t('Modifier')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
