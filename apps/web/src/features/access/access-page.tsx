import { DoorOpen, IdCard, Plus, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { msg, t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { AccessRestricted } from './components/access-restricted';
import { BadgeFormDialog } from './components/badge-form-dialog';
import { BadgesTab } from './components/badges-tab';
import { LogsTab } from './components/logs-tab';
import { PointsTab } from './components/points-tab';

// Spec: three tabs — access logs, badge management, access points.
// On a phone the three tabs share the width with a short word each (their name stays the full one).
const tabs = [
  { value: 'logs', label: msg('Journal des accès'), short: msg('Journal'), icon: ScrollText },
  { value: 'badges', label: msg('Gestion des badges'), short: msg('Badges'), icon: IdCard },
  { value: 'points', label: msg("Points d'accès"), short: msg('Points'), icon: DoorOpen },
] as const;
type Tab = (typeof tabs)[number]['value'];
const isTab = (value: string | null): value is Tab => tabs.some((item) => item.value === value);

/** Contrôle d'accès: the log of every badge check, the badges and the access points. */
export default function AccessPage() {
  const { user } = useSession();
  // The tab lives in the URL (?tab=badges): shareable, survives a reload.
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'logs';
  const [creatingBadge, setCreatingBadge] = useState(false);

  if (user?.role === 'agent') return <AccessRestricted />;
  const isAdmin = user?.role === 'admin';

  const setTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'logs') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {t("Contrôle d'accès")}
          </h1>
          <p className="text-fg-muted">
            {t("Badges QR Code et NFC, points d'accès et journal des passages en temps réel.")}
          </p>
        </div>
        <Button onClick={() => setCreatingBadge(true)}>
          <Plus aria-hidden="true" />
          {t('Nouveau badge')}
        </Button>
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t("Vues du contrôle d'accès")} className="grid grid-cols-3 sm:flex">
          {tabs.map((item) => (
            <TabsTrigger
              key={item.value}
              value={item.value}
              aria-label={t(item.label)}
              className="justify-center"
            >
              <item.icon aria-hidden="true" />
              <span className="sm:hidden">{t(item.short)}</span>
              <span className="hidden sm:inline">{t(item.label)}</span>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="logs">
          <LogsTab timezone={user?.timezone} />
        </TabsContent>
        <TabsContent value="badges">
          <BadgesTab />
        </TabsContent>
        <TabsContent value="points">
          <PointsTab isAdmin={isAdmin} timezone={user?.timezone} />
        </TabsContent>
      </Tabs>

      <BadgeFormDialog open={creatingBadge} onOpenChange={setCreatingBadge} />
    </div>
  );
}
