import type { Site } from '@vigie/contract/sites.contract';
import { Camera, DoorOpen, MapPin, Siren, User, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useSite } from '../api/get-site';
import { SiteStatusBadge, SiteTypeBadge } from './site-badges';
import { hasContact, SiteContactList } from './site-contact-list';
import { SiteInstructionsTab } from './site-instructions-tab';

type SiteDetailDialogProps = {
  site: Site | null;
  onOpenChange: (open: boolean) => void;
  /** The site's cameras, rendered by the cameras feature (given by the route). */
  renderCameras?: (siteId: string) => ReactNode;
  timezone?: string;
};

function Section({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: typeof Camera;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-ink-700 bg-ink-900/50 p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-white">
        <Icon aria-hidden="true" className="size-4 text-blue-300" />
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * « 12 alarmes enregistrées sur ce site », the number big: one message whose number part is styled
 * (the message is split around its « {count} » so that each language places the number itself).
 */
function AlarmsCount({ count }: { count: number }) {
  const [before, after] = t(
    '{count, plural, one {{number} alarme enregistrée sur ce site} other {{number} alarmes enregistrées sur ce site}}',
    { count, number: '\u0000' },
  ).split('\u0000');
  return (
    <p className="text-sm text-slate-300">
      {before}
      <span className="text-2xl font-semibold text-white">{count}</span>
      {after}
    </p>
  );
}

/** 'Voir': the site's contact, cameras and alarms, with room for access points and agents. */
export function SiteDetailDialog({
  site: initial,
  onOpenChange,
  renderCameras,
  timezone,
}: SiteDetailDialogProps) {
  const { data } = useSite(initial?.id ?? null);
  const site = data ?? initial;
  return (
    <Dialog open={initial !== null} onOpenChange={onOpenChange}>
      {site ? (
        <DialogContent
          size="xl"
          title={site.name}
          description={t('Fiche du site — mise à jour le {date}', {
            date: formatDateTime(site.updatedAt, timezone),
          })}
        >
          <Tabs defaultValue="fiche">
            <TabsList aria-label={t('Vues du site')}>
              <TabsTrigger value="fiche">{t('Fiche')}</TabsTrigger>
              <TabsTrigger value="consignes">{t('Consignes')}</TabsTrigger>
            </TabsList>
            <TabsContent value="fiche" className="mt-4">
              <div className="flex flex-col gap-4">
                <div className="flex flex-wrap items-center gap-2">
                  <SiteTypeBadge type={site.type} />
                  <SiteStatusBadge status={site.status} />
                </div>
                <p className="flex items-start gap-2 text-sm text-slate-300">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-muted" />
                  <span>
                    {site.address}
                    {site.latitude !== null && site.longitude !== null ? (
                      <span className="block text-xs text-fg-muted">
                        {t('GPS : {latitude}, {longitude}', {
                          latitude: site.latitude,
                          longitude: site.longitude,
                        })}
                      </span>
                    ) : null}
                  </span>
                </p>
                <div className="grid gap-4 md:grid-cols-2">
                  <Section title={t('Contact')} icon={User}>
                    {hasContact(site) ? (
                      <SiteContactList site={site} className="text-slate-300" />
                    ) : (
                      <p className="text-sm text-fg-muted">{t('Aucun contact renseigné.')}</p>
                    )}
                  </Section>
                  <Section title={t('Alarmes')} icon={Siren}>
                    <AlarmsCount count={site.alarmsCount} />
                  </Section>
                </div>
                <Section title={t('Caméras ({count})', { count: site.camerasCount })} icon={Camera}>
                  {renderCameras ? renderCameras(site.id) : null}
                </Section>
                <div className="grid gap-4 md:grid-cols-2">
                  <Section title={t("Points d'accès")} icon={DoorOpen}>
                    <p className="text-sm text-fg-muted">
                      {t(
                        "Le module Contrôle d'accès arrive prochainement : les points d'accès de ce site s'afficheront ici.",
                      )}
                    </p>
                  </Section>
                  <Section title={t('Agents')} icon={Users}>
                    <p className="text-sm text-fg-muted">
                      {t(
                        "Le module Planning des agents arrive prochainement : les agents affectés à ce site s'afficheront ici.",
                      )}
                    </p>
                  </Section>
                </div>
              </div>
            </TabsContent>
            <TabsContent value="consignes" className="mt-4">
              <SiteInstructionsTab siteId={site.id} timezone={timezone} />
            </TabsContent>
          </Tabs>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
