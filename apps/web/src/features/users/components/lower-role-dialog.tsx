import { zodResolver } from '@hookform/resolvers/zod';
// French zod messages: set before this form's schema validates anything.
import '@vigie/contract/locale';
import type { User } from '@vigie/contract/auth.contract';
import { type UserRole, userRoleLabels } from '@vigie/contract/enums';
import { confirmWithAdminPasswordForm } from '@vigie/contract/users.contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useUpdateUser } from '../api/update-user';

type Values = z.input<typeof confirmWithAdminPasswordForm>;
const empty: Values = { adminPassword: '' };

/**
 * A lowered role ends the user's sessions: the administrator confirms it with their own password.
 * Opened by the role select of the user's row (`role` is the lower role asked, null when closed).
 */
export function LowerRoleDialog({
  user,
  role,
  onClose,
}: {
  user: User;
  role: UserRole | null;
  onClose: () => void;
}) {
  const mutation = useUpdateUser();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(confirmWithAdminPasswordForm), defaultValues: empty });

  useEffect(() => {
    if (role === null) reset(empty);
  }, [role, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!role) return;
    try {
      await mutation.mutateAsync({ id: user.id, body: { role, adminPassword: values.adminPassword } });
      toast.success(t('Rôle mis à jour'), {
        description: t('{name} est maintenant {role} et doit se reconnecter.', {
          name: user.name,
          role: t(userRoleLabels[role]).toLowerCase(),
        }),
      });
      onClose();
    } catch (error) {
      const rest = showServerErrors(error, setError, ['adminPassword'], t('Impossible de changer le rôle'));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  });

  const error = errors.adminPassword?.message;
  return (
    <Dialog open={role !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent
        title={t('Rétrograder {name} ?', { name: user.name })}
        description={t(
          '{name} passera au rôle « {role} » : ses sessions ouvertes seront fermées. Confirmez avec votre mot de passe.',
          { name: user.name, role: role ? t(userRoleLabels[role]) : '' },
        )}
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField id="lower-role-adminPassword" label={t('Votre mot de passe')} required error={error}>
            <Input
              id="lower-role-adminPassword"
              type="password"
              autoComplete="current-password"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'lower-role-adminPassword-error' : undefined}
              {...register('adminPassword')}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {t('Annuler')}
            </Button>
            <Button type="submit" variant="danger" disabled={isSubmitting}>
              {isSubmitting ? t('Modification...') : t('Changer le rôle')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
