import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { t } from '../../../lib/i18n/i18n';
import { useAgentUsers } from '../api/get-agent-users';
import { usePlanningSites } from '../api/get-planning-sites';
import {
  type AgentFormOutput,
  type AgentFormValues,
  levelOptions,
  NONE,
  specialityOptions,
  storedStatusOptions,
} from './agent-form-schema';

type AgentFormFieldsProps = {
  control: Control<AgentFormValues, unknown, AgentFormOutput>;
  register: UseFormRegister<AgentFormValues>;
  errors: FieldErrors<AgentFormValues>;
  isAdmin: boolean;
};

/** Options whose labels are French texts of the catalogue, in the user's language. */
const translated = <T extends { label: string }>(options: readonly T[]) =>
  options.map((o) => ({ ...o, label: t(o.label) }));

type TextField = 'name' | 'badge' | 'phone' | 'email' | 'hireDate' | 'cnapsNumber' | 'cnapsExpiresOn';

/** Identity, assignment, status, CNAPS card and linked account. */
export function AgentFormFields({ control, register, errors, isAdmin }: AgentFormFieldsProps) {
  const sites = usePlanningSites();
  const users = useAgentUsers(isAdmin);
  const siteOptions = [
    { value: NONE, label: t('Non assigné') },
    ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name })),
  ];
  const userOptions = [
    { value: NONE, label: t('Aucun compte') },
    ...(users.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` })),
  ];

  const a11y = (name: keyof AgentFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `agent-${name}-error` : undefined,
  });
  const text = (name: TextField, label: string, props: Record<string, unknown> = {}, required = true) => (
    <FormField id={`agent-${name}`} label={label} required={required} error={errors[name]?.message}>
      <Input id={`agent-${name}`} autoComplete="off" {...props} {...a11y(name)} {...register(name)} />
    </FormField>
  );

  return (
    <>
      {text('name', t('Nom complet'))}
      {text('badge', t('Matricule'))}
      {text('phone', t('Téléphone'), { type: 'tel' })}
      {text('email', t('Email'), { type: 'email' })}
      <FormField id="agent-speciality" label={t('Spécialité')} required error={errors.speciality?.message}>
        <FormSelect
          control={control}
          name="speciality"
          id="agent-speciality"
          options={translated(specialityOptions)}
        />
      </FormField>
      <FormField id="agent-level" label={t('Niveau')} required error={errors.level?.message}>
        <FormSelect control={control} name="level" id="agent-level" options={translated(levelOptions)} />
      </FormField>
      {text('hireDate', t("Date d'embauche"), { type: 'date' })}
      <FormField id="agent-status" label={t('Statut')} required error={errors.status?.message}>
        <FormSelect
          control={control}
          name="status"
          id="agent-status"
          options={translated(storedStatusOptions)}
        />
      </FormField>
      <FormField
        id="agent-assignedSiteId"
        label={t('Site assigné')}
        error={errors.assignedSiteId?.message}
        className="sm:col-span-2"
      >
        <FormSelect
          control={control}
          name="assignedSiteId"
          id="agent-assignedSiteId"
          options={siteOptions}
          {...a11y('assignedSiteId')}
        />
      </FormField>
      {text(
        'cnapsNumber',
        t('Carte professionnelle CNAPS'),
        { placeholder: 'CAR-075-2030-03-14-20190123456' },
        false,
      )}
      {text('cnapsExpiresOn', t('Expiration de la carte'), { type: 'date' }, false)}
      {isAdmin ? (
        <FormField
          id="agent-userId"
          label={t('Compte utilisateur lié')}
          hint={t("Un compte de rôle Agent : l'agent voit ses gardes et prend son service avec.")}
          error={
            errors.userId?.message ?? (users.isError ? t('Impossible de charger les comptes') : undefined)
          }
          className="sm:col-span-2"
        >
          <FormSelect
            control={control}
            name="userId"
            id="agent-userId"
            options={userOptions}
            disabled={users.isError}
            {...a11y('userId')}
          />
        </FormField>
      ) : null}
    </>
  );
}
