import { instructionLimits, type SiteContact } from '@vigie/contract/site-instructions.contract';
import { KeyRound, Phone, Plus, X } from 'lucide-react';
import { type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { t } from '../../../lib/i18n/i18n';
import {
  emptyContact,
  type InstructionsControl,
  type InstructionsFormValues,
} from './instructions-form-schema';
import { RankBadge, RowActions } from './instructions-parts';

/** The call list, in calling order: who, phones (dialled from a phone), password, availability. */
export function CallListView({
  contacts,
  passwordsHidden,
}: {
  contacts: SiteContact[];
  passwordsHidden: boolean;
}) {
  if (contacts.length === 0) return <p className="text-sm text-fg-muted">{t('Aucun contact à appeler.')}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {contacts.map((c, i) => (
        <li key={c.id} className="flex gap-3">
          <RankBadge rank={i + 1} />
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <p className="font-medium break-words text-white">
              {c.name}
              {c.role ? <span className="font-normal text-fg-muted"> — {c.role}</span> : null}
            </p>
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {c.phones.map((p) => (
                <li key={p}>
                  <a
                    href={`tel:${p.replace(/[^+0-9]/g, '')}`}
                    className="inline-flex items-center gap-1 text-blue-300 hover:underline"
                  >
                    <Phone aria-hidden="true" className="size-3.5" />
                    {p}
                  </a>
                </li>
              ))}
            </ul>
            <p className="flex items-center gap-1 text-slate-300">
              <KeyRound aria-hidden="true" className="size-3.5 shrink-0 text-fg-muted" />
              {passwordsHidden ? (
                <span className="text-fg-muted">{t('Mot de passe réservé aux opérateurs')}</span>
              ) : c.password ? (
                <span>
                  {t('Mot de passe :')} <strong className="font-semibold text-white">{c.password}</strong>
                </span>
              ) : (
                <span className="text-fg-muted">{t('Pas de mot de passe')}</span>
              )}
            </p>
            {c.availability ? <p className="break-words text-fg-muted">{c.availability}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

type FieldsProps = {
  control: InstructionsControl;
  register: UseFormRegister<InstructionsFormValues>;
  errors: FieldErrors<InstructionsFormValues>;
};

export function CallListFields({ control, register, errors }: FieldsProps) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'contacts' });
  return (
    <div className="flex flex-col gap-3">
      {fields.length === 0 ? <p className="text-sm text-fg-muted">{t('Aucun contact à appeler.')}</p> : null}
      <ol className="flex flex-col gap-3">
        {fields.map((field, i) => (
          <li key={field.id} className="flex flex-col gap-3 rounded-lg border border-ink-700 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="flex min-w-0 items-center gap-2 text-sm font-medium text-white">
                <RankBadge rank={i + 1} />
                <ContactName control={control} index={i} />
              </span>
              <RowActions
                index={i}
                count={fields.length}
                labels={{
                  up: t('Monter le contact {number}', { number: i + 1 }),
                  down: t('Descendre le contact {number}', { number: i + 1 }),
                  remove: t('Retirer le contact {number}', { number: i + 1 }),
                }}
                onMove={move}
                onRemove={() => remove(i)}
              />
            </div>
            <ContactFields index={i} control={control} register={register} errors={errors} />
          </li>
        ))}
      </ol>
      {errors.contacts?.root?.message || errors.contacts?.message ? (
        <p role="alert" className="text-xs text-red-300">
          {t(errors.contacts?.root?.message ?? errors.contacts?.message ?? '')}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={fields.length >= instructionLimits.contacts}
        onClick={() => append(emptyContact())}
      >
        <Plus aria-hidden="true" />
        {t('Ajouter un contact')}
      </Button>
    </div>
  );
}

/** The contact's name as typed, so that a reordered list reads by name. */
function ContactName({ control, index }: { control: InstructionsControl; index: number }) {
  const name = useWatch({ control, name: `contacts.${index}.name` });
  return <span className="truncate">{name?.trim() || t('Nouveau contact')}</span>;
}

function ContactFields({ index, control, register, errors }: FieldsProps & { index: number }) {
  const { fields, append, remove } = useFieldArray({ control, name: `contacts.${index}.phones` });
  const e = errors.contacts?.[index];
  const id = (name: string) => `contact-${index}-${name}`;
  const a11y = (name: string, error: unknown) => ({
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id(name)}-error` : undefined,
  });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={id('name')} label={t('Nom')} required error={e?.name?.message}>
        <Input
          id={id('name')}
          autoComplete="off"
          {...a11y('name', e?.name)}
          {...register(`contacts.${index}.name`)}
        />
      </FormField>
      <FormField id={id('role')} label={t('Fonction')} error={e?.role?.message}>
        <Input
          id={id('role')}
          autoComplete="off"
          {...a11y('role', e?.role)}
          {...register(`contacts.${index}.role`)}
        />
      </FormField>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium text-fg">{t('Téléphones')}</legend>
        {fields.map((phone, p) => {
          const pe = e?.phones?.[p]?.value;
          return (
            <div key={phone.id} className="flex flex-col gap-1 sm:max-w-sm">
              <div className="flex items-center gap-2">
                <Input
                  id={id(`phone-${p}`)}
                  type="tel"
                  aria-label={t('Téléphone {phone} du contact {contact}', {
                    phone: p + 1,
                    contact: index + 1,
                  })}
                  {...a11y(`phone-${p}`, pe)}
                  {...register(`contacts.${index}.phones.${p}.value`)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-8 shrink-0 px-0"
                  aria-label={t('Retirer le téléphone {phone}', { phone: p + 1 })}
                  title={t('Retirer')}
                  disabled={fields.length === 1}
                  onClick={() => remove(p)}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {pe?.message ? (
                <p id={`${id(`phone-${p}`)}-error`} role="alert" className="text-xs text-red-300">
                  {t(pe.message)}
                </p>
              ) : null}
            </div>
          );
        })}
        {e?.phones?.root?.message || e?.phones?.message ? (
          <p role="alert" className="text-xs text-red-300">
            {t(e?.phones?.root?.message ?? e?.phones?.message ?? '')}
          </p>
        ) : null}
        {fields.length < instructionLimits.phonesPerContact ? (
          <Button variant="ghost" size="sm" className="self-start" onClick={() => append({ value: '' })}>
            <Plus aria-hidden="true" />
            {t('Ajouter un numéro')}
          </Button>
        ) : null}
      </fieldset>
      <FormField
        id={id('password')}
        label={t("Mot de passe de l'appelant")}
        hint={t('Le mot que le contact donne pour être reconnu')}
        error={e?.password?.message}
      >
        <Input
          id={id('password')}
          autoComplete="off"
          {...a11y('password', e?.password)}
          {...register(`contacts.${index}.password`)}
        />
      </FormField>
      <FormField id={id('availability')} label={t('Disponibilités')} error={e?.availability?.message}>
        <Input
          id={id('availability')}
          autoComplete="off"
          placeholder={t('ex. en semaine de 8 h à 18 h')}
          {...a11y('availability', e?.availability)}
          {...register(`contacts.${index}.availability`)}
        />
      </FormField>
    </div>
  );
}
