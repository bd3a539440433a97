import { zodResolver } from '@hookform/resolvers/zod';
import type { PanelDto } from '@vigie/contract/panels.contract';
import { Eye, EyeOff, Plus, Trash2 } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { FormSelect } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import type { SelectOption } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-errors';
import { showServerErrors } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useCreatePanel } from '../api/create-panel';
import { useUpdatePanel } from '../api/update-panel';
import { DeletePanelButton } from './delete-panel-button';
import {
  emptyPanelForm,
  type PanelFormOutput,
  type PanelFormValues,
  panelFormSchema,
  panelToForm,
  type TestMode,
  testDurations,
  toCreateBody,
  toUpdateBody,
} from './panel-form-schema';
import { ofPanel, testKeptText } from './panel-format';

type PanelFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sites: readonly SelectOption[];
  /** Edit this panel; absent: « Ajouter une centrale ». */
  panel?: PanelDto;
  timezone?: string;
};

export function PanelFormDialog({ open, onOpenChange, sites, panel, timezone }: PanelFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="xl"
        title={panel ? t('Paramètres de la centrale') : t('Ajouter une centrale')}
        description={
          panel
            ? t('Modifiez la configuration {ofName}.', { ofName: ofPanel(panel.name) })
            : t(
                'Une centrale SIA DC-09 reliée au récepteur : son compte la reconnaît, ses zones nomment les alarmes.',
              )
        }
      >
        {/* Mounted on open: the form starts from the panel (or empty) every time. */}
        <PanelForm onOpenChange={onOpenChange} sites={sites} panel={panel} timezone={timezone} />
      </DialogContent>
    </Dialog>
  );
}

/** The body's fields, for the server's refusals (`zones.3.number` goes to the zones). */
const panelFields = [
  'siteId',
  'name',
  'account',
  'aesKey',
  'supervisionMinutes',
  'zones',
  'testUntil',
] as const;

/** A conflict (409) is about the account: the same (prefix, account) is already another panel's. */
const isAccountConflict = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && (!error.code || error.code.includes('account'));

/** The key field: a password field with « Afficher / Masquer ». */
function SecretInput({ id, disabled, ...props }: ComponentProps<'input'> & { id: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative w-full">
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        spellCheck={false}
        className="pr-11 font-mono"
        disabled={disabled}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        disabled={disabled}
        aria-pressed={visible}
        aria-controls={id}
        aria-label={visible ? t('Masquer la clé') : t('Afficher la clé')}
        className="absolute top-1/2 right-1 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-fg-muted transition-colors hover:bg-ink-700 hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500/60 disabled:opacity-50"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}

function PanelForm({ onOpenChange, sites, panel, timezone }: Omit<PanelFormDialogProps, 'open'>) {
  const create = useCreatePanel();
  const update = useUpdatePanel();
  const [removeKey, setRemoveKey] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PanelFormValues, unknown, PanelFormOutput>({
    resolver: zodResolver(panelFormSchema),
    defaultValues: panel ? panelToForm(panel) : emptyPanelForm(sites.length === 1 ? sites[0]?.value : ''),
  });
  const zones = useFieldArray({ control, name: 'zones' });
  const testMode = watch('testMode');
  const inTest = panel?.inTest === true && panel.testUntil !== null;

  const onSubmit = handleSubmit(async (values) => {
    const fallback = panel ? t('Impossible de modifier la centrale') : t("Impossible d'ajouter la centrale");
    try {
      const saved = panel
        ? await update.mutateAsync({ id: panel.id, body: toUpdateBody(values, removeKey) })
        : await create.mutateAsync(toCreateBody(values));
      toast.success(panel ? t('Centrale modifiée') : t('Centrale ajoutée'), {
        description: panel
          ? t('La configuration {ofName} a été enregistrée.', { ofName: ofPanel(saved.name) })
          : t('{name} (compte {account}) sera reconnue dès son premier signal.', {
              name: saved.name,
              account: saved.account,
            }),
      });
      onOpenChange(false);
    } catch (error) {
      const rest = showServerErrors(error, setError, panelFields, fallback);
      if (rest && isAccountConflict(error)) {
        setError('account', { type: 'server', message: rest }, { shouldFocus: true });
      } else if (rest) {
        toast.error(t('Erreur'), { description: rest });
      }
    }
  });

  const a11y = (name: 'name' | 'account' | 'aesKey' | 'supervisionMinutes' | 'testUntil', hint = false) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `panel-${name}-error` : hint ? `panel-${name}-hint` : undefined,
  });
  const zonesError = errors.zones?.root?.message ?? errors.zones?.message;
  const keyHint = removeKey
    ? undefined
    : panel?.hasAesKey
      ? t('Clé enregistrée — laissez vide pour la garder')
      : t('32, 48 ou 64 caractères hexadécimaux, ou 16, 24 ou 32 caractères ASCII. Facultative.');

  const testChoices: { value: TestMode; label: string }[] = [
    {
      value: 'keep',
      label: inTest && panel?.testUntil ? testKeptText(panel.testUntil, timezone) : t('Non'),
    },
    ...(inTest ? [{ value: 'none' as const, label: t('Sortir du mode test') }] : []),
    ...testDurations.map((hours) => ({ value: hours, label: `${hours} h` })),
    { value: 'until', label: t('Jusqu’à une date') },
  ];

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField id="panel-siteId" label={t('Site')} required error={errors.siteId?.message}>
        <FormSelect
          control={control}
          name="siteId"
          id="panel-siteId"
          options={sites}
          placeholder={sites.length === 0 ? t('Aucun site : créez-en un d’abord') : t('Choisir un site')}
        />
      </FormField>
      <FormField id="panel-name" label={t('Nom de la centrale')} required error={errors.name?.message}>
        <Input
          id="panel-name"
          autoComplete="off"
          placeholder={t('Ex. Centrale Ajax entrepôt')}
          {...a11y('name')}
          {...register('name')}
        />
      </FormField>
      <FormField
        id="panel-account"
        label={t('Numéro de compte')}
        required
        hint={t('Tel que programmé dans la centrale : 3 à 16 caractères hexadécimaux.')}
        error={errors.account?.message}
      >
        <Input
          id="panel-account"
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase"
          placeholder="1234"
          {...a11y('account', true)}
          {...register('account')}
        />
      </FormField>
      <FormField
        id="panel-supervisionMinutes"
        label={t('Supervision (minutes)')}
        hint={t('Délai maximal entre deux signaux ; vide : non supervisée.')}
        error={errors.supervisionMinutes?.message}
      >
        <Input
          id="panel-supervisionMinutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={10080}
          placeholder={t('Non supervisée')}
          {...a11y('supervisionMinutes', true)}
          {...register('supervisionMinutes')}
        />
      </FormField>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <FormField id="panel-aesKey" label={t('Clé AES')} hint={keyHint} error={errors.aesKey?.message}>
          <SecretInput
            id="panel-aesKey"
            disabled={removeKey}
            placeholder={
              removeKey ? t('La clé sera supprimée') : panel?.hasAesKey ? '••••••••••••••••' : undefined
            }
            {...a11y('aesKey', keyHint !== undefined)}
            {...register('aesKey')}
          />
        </FormField>
        {panel?.hasAesKey ? (
          removeKey ? (
            <p
              className="flex flex-wrap items-center gap-2 text-xs text-amber-200"
              data-testid="panel-key-removed"
            >
              {t('La clé sera supprimée à l’enregistrement : la centrale devra émettre en clair.')}
              <Button variant="ghost" size="sm" onClick={() => setRemoveKey(false)}>
                {t('Garder la clé')}
              </Button>
            </p>
          ) : (
            <Button
              variant="danger-ghost"
              size="sm"
              className="self-start"
              onClick={() => setRemoveKey(true)}
            >
              <Trash2 aria-hidden="true" />
              {t('Supprimer la clé')}
            </Button>
          )
        ) : null}
      </div>

      <fieldset
        className="flex flex-col gap-3 sm:col-span-2"
        aria-describedby={zonesError ? 'panel-zones-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-200">{t('Zones')}</legend>
        <p className="text-xs text-fg-muted">
          {t(
            'Le nom d’une zone devient l’emplacement des alarmes qu’elle déclenche (zone 01 « Porte d’entrée »).',
          )}
        </p>
        {zones.fields.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label={t('Zones nommées')}>
            {zones.fields.map((field, i) => {
              const numberError = errors.zones?.[i]?.number?.message;
              const nameError = errors.zones?.[i]?.name?.message;
              return (
                <li key={field.id} className="flex flex-col gap-1" data-testid="panel-zone">
                  <div className="flex items-start gap-2">
                    <div className="w-20 shrink-0">
                      <Input
                        aria-label={t('Numéro de la zone {index}', { index: i + 1 })}
                        inputMode="numeric"
                        placeholder="01"
                        className="font-mono"
                        aria-invalid={numberError ? true : undefined}
                        {...register(`zones.${i}.number`)}
                      />
                    </div>
                    <div className="min-w-0 flex-1">
                      <Input
                        aria-label={t('Nom de la zone {index}', { index: i + 1 })}
                        placeholder={t('Porte d’entrée')}
                        aria-invalid={nameError ? true : undefined}
                        {...register(`zones.${i}.name`)}
                      />
                    </div>
                    <Button
                      variant="danger-ghost"
                      size="icon"
                      aria-label={t('Retirer la zone {index}', { index: i + 1 })}
                      onClick={() => zones.remove(i)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  {numberError || nameError ? (
                    <p role="alert" className="text-xs text-red-300">
                      {[numberError, nameError]
                        .filter((message): message is string => Boolean(message))
                        .map((message) => t(message))
                        .join(' · ')}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        {zonesError ? (
          <p id="panel-zones-error" role="alert" className="text-xs text-red-300">
            {t(zonesError)}
          </p>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => zones.append({ number: '', name: '' }, { shouldFocus: true })}
        >
          <Plus aria-hidden="true" />
          {t('Ajouter une zone')}
        </Button>
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-ink-600 p-3 sm:col-span-2">
        <legend className="px-1 text-sm font-medium text-slate-200">{t('Mode test')}</legend>
        <p className="text-xs text-fg-muted">
          {t(
            'En test, les signaux sont acquittés et journalisés sans créer d’alarme ni prévenir personne ; le mode test prend fin tout seul.',
          )}
        </p>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-xs text-fg-muted">
            {inTest ? t('Test en cours : le garder, en sortir ou le prolonger') : t('Mettre en test pendant')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {testChoices.map((choice) => (
              <label
                key={choice.value}
                className={cn(
                  'flex min-h-9 cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm transition-colors',
                  testMode === choice.value
                    ? 'border-blue-500/60 bg-blue-500/15 text-white'
                    : 'border-ink-600 text-slate-200 hover:bg-ink-800',
                )}
              >
                <input
                  type="radio"
                  value={choice.value}
                  className="accent-blue-600"
                  {...register('testMode')}
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        {testMode === 'until' ? (
          <FormField
            id="panel-testUntil"
            label={t('Fin du test')}
            required
            error={errors.testUntil?.message}
            className="sm:max-w-xs"
          >
            <Input
              id="panel-testUntil"
              type="datetime-local"
              className="[color-scheme:dark]"
              {...a11y('testUntil')}
              {...register('testUntil')}
            />
          </FormField>
        ) : null}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:items-center sm:justify-end">
        {panel ? <DeletePanelButton panel={panel} onDeleted={() => onOpenChange(false)} /> : null}
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('Enregistrement...') : panel ? t('Enregistrer') : t('Ajouter la centrale')}
        </Button>
      </div>
    </form>
  );
}
