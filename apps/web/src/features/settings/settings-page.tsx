import { Bell, KeyRound, MonitorCog, ShieldEllipsis, UserRoundCog, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { ModulePlaceholder } from '../../components/module-placeholder';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';

const pendingTabs = [
  {
    value: 'profile',
    label: 'Profil utilisateur',
    icon: UserRoundCog,
    description:
      'Vous y modifierez votre nom, votre téléphone, votre langue, votre fuseau horaire et votre mot de passe.',
  },
  {
    value: 'notifications',
    label: 'Notifications',
    icon: Bell,
    description: 'Vous y choisirez les canaux (email, SMS, push) et les alertes que vous souhaitez recevoir.',
  },
  {
    value: 'security',
    label: 'Sécurité',
    icon: ShieldEllipsis,
    description:
      'Vous y réglerez la double authentification, l’expiration des sessions, la liste blanche d’adresses IP et l’expiration des mots de passe.',
  },
  {
    value: 'system',
    label: 'Système',
    icon: MonitorCog,
    description:
      'Vous y configurerez les sauvegardes automatiques, la rétention des données, les journaux et le mode maintenance.',
  },
] as const;

type SettingsPageProps = {
  usersPanel: ReactNode | null;
  integrationsPanel?: ReactNode | null;
};

/**
 * Settings tabs. `usersPanel` and `integrationsPanel` are given by the app (they come from the
 * users and integrations features) and are null for non-administrators, who then only see their
 * own settings tabs.
 */
export default function SettingsPage({ usersPanel, integrationsPanel = null }: SettingsPageProps) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Paramètres</h1>
        <p className="text-fg-muted">Gérez votre société, vos utilisateurs et vos préférences.</p>
      </div>
      <Tabs defaultValue={usersPanel ? 'users' : 'profile'}>
        <TabsList aria-label="Rubriques des paramètres">
          {usersPanel ? (
            <TabsTrigger value="users">
              <Users aria-hidden="true" />
              Utilisateurs
            </TabsTrigger>
          ) : null}
          {integrationsPanel ? (
            <TabsTrigger value="integrations">
              <KeyRound aria-hidden="true" />
              Intégrations
            </TabsTrigger>
          ) : null}
          {pendingTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              <tab.icon aria-hidden="true" />
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {usersPanel ? <TabsContent value="users">{usersPanel}</TabsContent> : null}
        {integrationsPanel ? <TabsContent value="integrations">{integrationsPanel}</TabsContent> : null}
        {pendingTabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <ModulePlaceholder
              headingLevel={2}
              title={tab.label}
              icon={tab.icon}
              description={tab.description}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
