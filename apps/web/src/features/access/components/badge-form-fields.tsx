import type { BadgeType } from '@vigie/contract/access.contract';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { t } from '../../../lib/i18n/i18n';
import { AllowedPlacesFields } from './allowed-places-fields';
import type { BadgeFormOutput, BadgeFormValues } from './badge-form-schema';
import { badgeTypeOptions } from './badge-form-schema';
import { TimeWindowsField } from './time-windows-field';

type BadgeFormFieldsProps = {
  control: Control<BadgeFormValues, unknown, BadgeFormOutput>;
  register: UseFormRegister<BadgeFormValues>;
  errors: FieldErrors<BadgeFormValues>;
  badgeType: BadgeType;
  /** The type of an existing badge cannot change (a QR code and a card are different objects). */
  editing: boolean;
};

export function BadgeFormFields({ control, register, errors, badgeType, editing }: BadgeFormFieldsProps) {
  const a11y = (name: keyof BadgeFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `badge-${name}-error` : undefined,
  });

  return (
    <>
      <FormField id="badge-badgeType" label={t('Type de badge')} required error={errors.badgeType?.message}>
        <FormSelect
          control={control}
          name="badgeType"
          id="badge-badgeType"
          options={badgeTypeOptions.map((option) => ({ ...option, label: t(option.label) }))}
          disabled={editing}
        />
      </FormField>
      <FormField id="badge-badgeId" label={t('Numéro de badge')} required error={errors.badgeId?.message}>
        <Input id="badge-badgeId" autoComplete="off" {...a11y('badgeId')} {...register('badgeId')} />
      </FormField>
      <FormField
        id="badge-holderName"
        label={t('Nom du titulaire')}
        required
        error={errors.holderName?.message}
      >
        <Input id="badge-holderName" autoComplete="off" {...a11y('holderName')} {...register('holderName')} />
      </FormField>
      <FormField id="badge-department" label={t('Service')} error={errors.department?.message}>
        <Input
          id="badge-department"
          autoComplete="off"
          placeholder={t('Ex. Logistique, Prestataire, Visiteur')}
          {...a11y('department')}
          {...register('department')}
        />
      </FormField>
      <FormField
        id="badge-expiryDate"
        label={t("Date d'expiration")}
        hint={t('Facultative : le badge est refusé dès le lendemain de cette date')}
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
          label={t('UID NFC')}
          hint={t("L'identifiant de la carte lu par le lecteur, ex. 04:A2:1B:7C")}
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
      <AllowedPlacesFields register={register} />
      <TimeWindowsField control={control} register={register} errors={errors} />
    </>
  );
}
