import { RefreshCw, Users } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { useUsers } from '../api/get-users';
import { AddUserDialog } from './add-user-dialog';
import { UserRow } from './user-row';

/** Company users management (admins only): list, add, change role, remove. */
export function UsersPanel({ timezone }: { timezone?: string }) {
  const { data: users, isPending, isError, error, refetch } = useUsers();

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-ink-700 p-6">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Users aria-hidden="true" className="size-5 text-blue-300" />
            Utilisateurs
          </CardTitle>
          <CardDescription>
            Administrateurs, opérateurs du PC sécurité et agents de terrain de votre société.
          </CardDescription>
        </div>
        <AddUserDialog />
      </div>
      {isPending ? (
        <div className="flex justify-center p-10">
          <Spinner label="Chargement des utilisateurs…" />
        </div>
      ) : isError ? (
        <div className="flex flex-col items-center gap-3 p-10 text-center">
          <p className="text-red-200">{errorMessage(error, 'Impossible de charger les utilisateurs')}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            <RefreshCw aria-hidden="true" />
            Réessayer
          </Button>
        </div>
      ) : users.length === 0 ? (
        <p className="p-10 text-center text-fg-muted">Aucun utilisateur pour le moment.</p>
      ) : (
        <>
          <p className="px-5 pt-4 text-sm text-fg-muted">
            {users.length} utilisateur{users.length > 1 ? 's' : ''}
          </p>
          <ul className="divide-y divide-ink-700">
            {users.map((user) => (
              <UserRow key={user.id} user={user} timezone={timezone} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
