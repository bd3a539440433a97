import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
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

type TextField = 'name' | 'badge' | 'phone' | 'email' | 'hireDate' | 'cnapsNumber' | 'cnapsExpiresOn';

/** Identity, assignment, status, CNAPS card and linked account. */
export function AgentFormFields({ control, register, errors, isAdmin }: AgentFormFieldsProps) {
  const sites = usePlanningSites();
  const users = useAgentUsers(isAdmin);
  const siteOptions = [
    { value: NONE, label: 'Non assigné' },
    ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name })),
  ];
  const userOptions = [
    { value: NONE, label: 'Aucun compte' },
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
      {text('name', 'Nom complet')}
      {text('badge', 'Matricule')}
      {text('phone', 'Téléphone', { type: 'tel' })}
      {text('email', 'Email', { type: 'email' })}
      <FormField id="agent-speciality" label="Spécialité" required error={errors.speciality?.message}>
        <FormSelect control={control} name="speciality" id="agent-speciality" options={specialityOptions} />
      </FormField>
      <FormField id="agent-level" label="Niveau" required error={errors.level?.message}>
        <FormSelect control={control} name="level" id="agent-level" options={levelOptions} />
      </FormField>
      {text('hireDate', "Date d'embauche", { type: 'date' })}
      <FormField id="agent-status" label="Statut" required error={errors.status?.message}>
        <FormSelect control={control} name="status" id="agent-status" options={storedStatusOptions} />
      </FormField>
      <FormField
        id="agent-assignedSiteId"
        label="Site assigné"
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
        'Carte professionnelle CNAPS',
        { placeholder: 'CAR-075-2030-03-14-20190123456' },
        false,
      )}
      {text('cnapsExpiresOn', 'Expiration de la carte', { type: 'date' }, false)}
      {isAdmin ? (
        <FormField
          id="agent-userId"
          label="Compte utilisateur lié"
          hint="Un compte de rôle Agent : l'agent voit ses gardes et prend son service avec."
          error={errors.userId?.message ?? (users.isError ? 'Impossible de charger les comptes' : undefined)}
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
