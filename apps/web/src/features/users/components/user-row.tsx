import type { User } from '@vigie/contract/auth.contract';
import type { UserRole } from '@vigie/contract/enums';
import { lowersRole } from '@vigie/contract/users.contract';
import { Crown, Mail, MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { deName } from '../../../lib/french';
import { currentLocale, t } from '../../../lib/i18n/i18n';
import { useUpdateUser } from '../api/update-user';
import { DeleteUserDialog } from './delete-user-dialog';
import { LowerRoleDialog } from './lower-role-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { roleOptions } from './role-options';

/**
 * The role select's name: French elides « de » before a vowel (« Rôle d'Anne »), so the French
 * helper builds that part; the other languages take the plain name ("Role of Anne").
 */
function roleLabelOf(name: string) {
  return t('Rôle {ofName}', { ofName: currentLocale() === 'fr' ? deName(name) : name.trim() });
}

export function UserRow({ user, timezone }: { user: User; timezone?: string }) {
  const mutation = useUpdateUser();
  // A lower role ends the user's sessions: it waits for the administrator's password (the dialog).
  const [lowerTo, setLowerTo] = useState<UserRole | null>(null);

  const changeRole = async (role: string) => {
    if (role === user.role) return;
    if (lowersRole(user.role, role as UserRole)) {
      setLowerTo(role as UserRole);
      return;
    }
    try {
      await mutation.mutateAsync({ id: user.id, body: { role: role as UserRole } });
      toast.success(t('Rôle mis à jour'), { description: user.name });
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error) });
    }
  };

  const initials = user.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

  return (
    <li className="flex flex-col gap-4 p-4 sm:p-5 lg:flex-row lg:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ink-700 text-sm font-semibold text-blue-200"
        >
          {initials}
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 font-medium text-white">
            {user.name}
            {user.isOwner ? (
              <Badge tone="warning">
                <Crown aria-hidden="true" className="size-3" />
                {t('Propriétaire')}
              </Badge>
            ) : null}
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
            <span className="flex min-w-0 items-center gap-1.5 break-all">
              <Mail aria-hidden="true" className="size-3.5 shrink-0" />
              {user.email}
            </span>
            {user.phone ? (
              <span className="flex items-center gap-1.5">
                <Phone aria-hidden="true" className="size-3.5" />
                {user.phone}
              </span>
            ) : null}
            {user.city ? (
              <span className="flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-3.5" />
                {user.city}
              </span>
            ) : null}
          </p>
          <p className="text-xs text-fg-muted">
            {t('Créé le {date}', { date: formatDate(user.createdAt, timezone) })}
          </p>
        </div>
      </div>
      {/* Wraps at phone width: the role select takes the line, the two buttons the next. */}
      <div className="flex flex-wrap items-center gap-2 lg:shrink-0 lg:flex-nowrap">
        <Select
          aria-label={roleLabelOf(user.name)}
          options={roleOptions()}
          value={user.role}
          onValueChange={changeRole}
          disabled={user.isOwner || mutation.isPending}
          className="w-full sm:w-44"
        />
        <ResetPasswordDialog user={user} disabled={user.isOwner} />
        <DeleteUserDialog user={user} disabled={user.isOwner} />
      </div>
      <LowerRoleDialog user={user} role={lowerTo} onClose={() => setLowerTo(null)} />
    </li>
  );
}
