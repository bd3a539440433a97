import {
  Bell,
  KeyRound,
  Landmark,
  type LucideIcon,
  MonitorCog,
  ScrollText,
  ShieldEllipsis,
  UserRoundCog,
  Users,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { t, tc } from '../../lib/i18n/i18n';
import type { UseAuditNames } from './components/audit-objects';
import { AuditTab } from './components/audit-tab';
import { IdentityTab } from './components/identity-tab';
import { NotificationsTab } from './components/notifications-tab';
import { ProfileTab } from './components/profile-tab';
import { SecurityTab } from './components/security-tab';
import { SystemTab } from './components/system-tab';

type SettingsTab = { value: string; label: string; icon: LucideIcon; content: ReactNode };

type SettingsPageProps = {
  isAdmin: boolean;
  /** From the users and integrations features; null for non-administrators. */
  usersPanel: ReactNode | null;
  integrationsPanel?: ReactNode | null;
  /** Names the audit journal's records (app/use-audit-names.ts: the lists are other features'). */
  useAuditNames: UseAuditNames;
};

/**
 * Paramètres. Everyone has their profile, notifications and own two-factor sign-in; administrators
 * also manage the users, integrations, and the company's security, system, identity and audit
 * journal. The open tab is in the address (`?tab=security`), so a link can open it.
 */
export default function SettingsPage({
  isAdmin,
  usersPanel,
  integrationsPanel = null,
  useAuditNames,
}: SettingsPageProps) {
  const [params, setParams] = useSearchParams();
  const tabs: SettingsTab[] = [
    ...(usersPanel ? [{ value: 'users', label: t('Utilisateurs'), icon: Users, content: usersPanel }] : []),
    ...(integrationsPanel
      ? [{ value: 'integrations', label: t('Intégrations'), icon: KeyRound, content: integrationsPanel }]
      : []),
    { value: 'profile', label: t('Profil utilisateur'), icon: UserRoundCog, content: <ProfileTab /> },
    { value: 'notifications', label: t('Notifications'), icon: Bell, content: <NotificationsTab /> },
    {
      value: 'security',
      label: tc('settings', 'Sécurité'),
      icon: ShieldEllipsis,
      content: <SecurityTab isAdmin={isAdmin} />,
    },
    ...(isAdmin
      ? [
          { value: 'system', label: t('Système'), icon: MonitorCog, content: <SystemTab /> },
          { value: 'identity', label: t('Identité'), icon: Landmark, content: <IdentityTab /> },
          {
            value: 'audit',
            label: t('Journal'),
            icon: ScrollText,
            content: <AuditTab useAuditNames={useAuditNames} />,
          },
        ]
      : []),
  ];
  const asked = params.get('tab');
  const current = tabs.find((tab) => tab.value === asked)?.value ?? tabs[0]?.value ?? 'profile';
  // On a phone the tab list scrolls sideways: keep the open tab (from a link, too) in view.
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>(`[data-testid="settings-tab-${current}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{t('Paramètres')}</h1>
        <p className="text-fg-muted">
          {isAdmin
            ? t('Gérez votre société, vos utilisateurs et vos préférences.')
            : t('Gérez votre profil, vos notifications et la sécurité de votre compte.')}
        </p>
      </div>
      <Tabs
        value={current}
        onValueChange={(tab) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              next.set('tab', tab);
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabsList ref={list} aria-label={t('Rubriques des paramètres')}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} data-testid={`settings-tab-${tab.value}`}>
              <tab.icon aria-hidden="true" />
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
