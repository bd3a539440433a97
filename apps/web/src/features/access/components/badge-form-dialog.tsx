import { zodResolver } from '@hookform/resolvers/zod';
import type { Badge } from '@vigie/contract/access.contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateBadge } from '../api/create-badge';
import { useUpdateBadge } from '../api/update-badge';
import { BadgeFormFields } from './badge-form-fields';
import {
  type BadgeFormOutput,
  type BadgeFormValues,
  badgeFormSchema,
  badgeToForm,
  emptyBadgeForm,
} from './badge-form-schema';

type BadgeFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this badge; without it, create a new one. */
  badge?: Badge;
};

/** 'Nouveau badge' and 'Modifier': the same form, POST or PATCH. */
export function BadgeFormDialog({ open, onOpenChange, badge }: BadgeFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={badge ? t('Modifier le badge') : t('Nouveau badge')}
        description={
          badge
            ? t('Modifiez le badge {id} ({holder}).', { id: badge.badgeId, holder: badge.holderName })
            : t('Créez un badge QR Code ou NFC pour un salarié, un prestataire ou un visiteur.')
        }
      >
        {/* Mounted on open: the form starts from the badge (or empty) every time. */}
        <BadgeForm onOpenChange={onOpenChange} badge={badge} />
      </DialogContent>
    </Dialog>
  );
}

/** The fields that show a message, named as in the request body (a refusal about one shows under it). */
const badgeFields = (Object.keys(emptyBadgeForm) as (keyof BadgeFormValues)[]).filter(
  (name) => name !== 'allowedPointIds' && name !== 'allowedSiteIds',
);

function BadgeForm({ onOpenChange, badge }: Omit<BadgeFormDialogProps, 'open'>) {
  const create = useCreateBadge();
  const update = useUpdateBadge();
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BadgeFormValues, unknown, BadgeFormOutput>({
    resolver: zodResolver(badgeFormSchema),
    defaultValues: badge ? badgeToForm(badge) : emptyBadgeForm,
  });

  const onSubmit = handleSubmit(async (values) => {
    if (badge) {
      // The type of a badge is fixed: a QR badge keeps no UID, an NFC badge's UID may change.
      const { badgeType: _type, nfcUid, ...rest } = values;
      try {
        const saved = await update.mutateAsync({
          id: badge.id,
          body: badge.badgeType === 'nfc' ? { ...rest, nfcUid } : rest,
        });
        toast.success(t('Badge modifié'), {
          description: t('Le badge {id} a été enregistré.', { id: saved.badgeId }),
        });
        onOpenChange(false);
      } catch (error) {
        const rest = showServerErrors(error, setError, badgeFields);
        if (rest) toast.error(t('Impossible de modifier le badge'), { description: rest });
      }
      return;
    }
    try {
      const saved = await create.mutateAsync(values);
      toast.success(t('Badge créé'), {
        description: t('Le badge {id} ({holder}) est actif.', {
          id: saved.badgeId,
          holder: saved.holderName,
        }),
      });
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, badgeFields);
      if (rest) toast.error(t('Impossible de créer le badge'), { description: rest });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <BadgeFormFields
        control={control}
        register={register}
        errors={errors}
        badgeType={watch('badgeType')}
        editing={badge !== undefined}
      />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {badge
            ? isSubmitting
              ? t('Enregistrement...')
              : t('Enregistrer')
            : isSubmitting
              ? t('Création...')
              : t('Créer le badge')}
        </Button>
      </div>
    </form>
  );
}
