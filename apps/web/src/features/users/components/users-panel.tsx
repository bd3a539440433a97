import { Users } from 'lucide-react';
import { QueryState } from '../../../components/query-state';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { useUsers } from '../api/get-users';
import { AddUserDialog } from './add-user-dialog';
import { UserRow } from './user-row';

/** Company users management (admins only): list, add, change role, remove. */
export function UsersPanel({ timezone }: { timezone?: string }) {
  const list = useUsers();

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-ink-700 p-6">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Users aria-hidden="true" className="size-5 text-blue-300" />
            {t('Utilisateurs')}
          </CardTitle>
          <CardDescription>
            {t('Administrateurs, opérateurs du PC sécurité et agents de terrain de votre société.')}
          </CardDescription>
        </div>
        <AddUserDialog />
      </div>
      <QueryState
        query={list}
        layout="card"
        loading={t('Chargement des utilisateurs…')}
        error={t('Impossible de charger les utilisateurs')}
        empty={{ when: (users) => users.length === 0, title: t('Aucun utilisateur pour le moment.') }}
      >
        {(users) => (
          <>
            <p className="px-5 pt-4 text-sm text-fg-muted">
              {t('{count, plural, one {{count} utilisateur} other {{count} utilisateurs}}', {
                count: users.length,
              })}
            </p>
            <ul className="divide-y divide-ink-700">
              {users.map((user) => (
                <UserRow key={user.id} user={user} timezone={timezone} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </Card>
  );
}
