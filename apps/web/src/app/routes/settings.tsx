import { IntegrationsPanel } from '../../features/integrations/components/integrations-panel';
import SettingsPage from '../../features/settings/settings-page';
import { UsersPanel } from '../../features/users/components/users-panel';
import { useSession } from '../../lib/session';
import { useAuditNames } from '../use-audit-names';

export function Component() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  return (
    <SettingsPage
      isAdmin={isAdmin}
      usersPanel={isAdmin ? <UsersPanel timezone={user.timezone} /> : null}
      integrationsPanel={isAdmin ? <IntegrationsPanel timezone={user.timezone} /> : null}
      useAuditNames={useAuditNames}
    />
  );
}
