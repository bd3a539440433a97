import type { BadgeType } from '@vigie/contract/access.contract';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { useAccessPoints } from '../api/get-access-points';
import type { BadgeFormOutput, BadgeFormValues } from './badge-form-schema';
import { badgeTypeOptions } from './badge-form-schema';

type BadgeFormFieldsProps = {
  control: Control<BadgeFormValues, unknown, BadgeFormOutput>;
  register: UseFormRegister<BadgeFormValues>;
  errors: FieldErrors<BadgeFormValues>;
  badgeType: BadgeType;
  /** The type of an existing badge cannot change (a QR code and a card are different objects). */
  editing: boolean;
  /** Sites the badge was allowed on through the API: kept as they are, mentioned here. */
  allowedSiteCount: number;
};

export function BadgeFormFields({
  control,
  register,
  errors,
  badgeType,
  editing,
  allowedSiteCount,
}: BadgeFormFieldsProps) {
  const points = useAccessPoints();
  const a11y = (name: keyof BadgeFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `badge-${name}-error` : undefined,
  });

  return (
    <>
      <FormField id="badge-badgeType" label="Type de badge" required error={errors.badgeType?.message}>
        <FormSelect
          control={control}
          name="badgeType"
          id="badge-badgeType"
          options={badgeTypeOptions}
          disabled={editing}
        />
      </FormField>
      <FormField id="badge-badgeId" label="Numéro de badge" required error={errors.badgeId?.message}>
        <Input id="badge-badgeId" autoComplete="off" {...a11y('badgeId')} {...register('badgeId')} />
      </FormField>
      <FormField id="badge-holderName" label="Nom du titulaire" required error={errors.holderName?.message}>
        <Input id="badge-holderName" autoComplete="off" {...a11y('holderName')} {...register('holderName')} />
      </FormField>
      <FormField id="badge-department" label="Service" error={errors.department?.message}>
        <Input
          id="badge-department"
          autoComplete="off"
          placeholder="Ex. Logistique, Prestataire, Visiteur"
          {...a11y('department')}
          {...register('department')}
        />
      </FormField>
      <FormField
        id="badge-expiryDate"
        label="Date d'expiration"
        hint="Facultative : le badge est refusé dès le lendemain de cette date"
        error={errors.expiryDate?.message}
      >
        <Input
          id="badge-expiryDate"
          type="date"
          className="[color-scheme:dark]"
          {...a11y('expiryDate')}
          {...register('expiryDate')}
        />
      </FormField>
      {badgeType === 'nfc' ? (
        <FormField
          id="badge-nfcUid"
          label="UID NFC"
          hint="L'identifiant de la carte lu par le lecteur, ex. 04:A2:1B:7C"
          error={errors.nfcUid?.message}
        >
          <Input
            id="badge-nfcUid"
            autoComplete="off"
            className="font-mono"
            {...a11y('nfcUid')}
            {...register('nfcUid')}
          />
        </FormField>
      ) : null}
      <fieldset className="sm:col-span-2" aria-describedby="badge-points-hint">
        <legend className="mb-1 text-sm font-medium text-fg">Points d'accès autorisés</legend>
        <p id="badge-points-hint" className="mb-2 text-xs text-fg-muted">
          Aucun point coché : le badge ouvre tous les points d'accès de la société.
          {allowedSiteCount > 0
            ? ` Il ouvre aussi les points de ${allowedSiteCount} site${allowedSiteCount > 1 ? 's' : ''} autorisé${allowedSiteCount > 1 ? 's' : ''}.`
            : ''}
        </p>
        {points.isPending ? (
          <p className="text-sm text-fg-muted">Chargement des points d'accès…</p>
        ) : (points.data ?? []).length === 0 ? (
          <p className="rounded-lg border border-dashed border-ink-600 p-3 text-sm text-fg-muted">
            Aucun point d'accès pour le moment : créez-les dans l'onglet « Points d'accès ».
          </p>
        ) : (
          <div className="grid max-h-48 gap-x-4 gap-y-1 overflow-y-auto rounded-lg border border-ink-700 p-3 sm:grid-cols-2">
            {(points.data ?? []).map((point) => (
              <label key={point.id} className="flex min-h-9 items-center gap-2 text-sm text-slate-200">
                <input
                  type="checkbox"
                  value={point.id}
                  className="size-4 shrink-0 accent-blue-500"
                  {...register('allowedPointIds')}
                />
                <span className="min-w-0 break-words">
                  {point.name} <span className="text-fg-muted">— {point.site}</span>
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </>
  );
}
