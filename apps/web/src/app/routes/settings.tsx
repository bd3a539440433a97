import { IntegrationsPanel } from '../../features/integrations/components/integrations-panel';
import SettingsPage from '../../features/settings/settings-page';
import { UsersPanel } from '../../features/users/components/users-panel';
import { useSession } from '../../lib/session';

export function Component() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  return (
    <SettingsPage
      isAdmin={isAdmin}
      usersPanel={isAdmin ? <UsersPanel timezone={user.timezone} /> : null}
      integrationsPanel={isAdmin ? <IntegrationsPanel timezone={user.timezone} /> : null}
    />
  );
}
