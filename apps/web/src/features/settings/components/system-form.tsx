// French zod messages for the schema's generic errors.
import '@vigie/contract/locale';
import {
  backupFrequencies,
  backupFrequencyLabels,
  logLevelLabels,
  logLevels,
  type SystemSettings,
  updateSystemSettingsBody,
} from '@vigie/contract/settings.contract';
import { MonitorCog, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { msg, t } from '../../../lib/i18n/i18n';
import { useUpdateSystemSettings } from '../api/update-system-settings';
import { SwitchField } from './switch-field';

// In the current language: built at render.
const frequencyOptions = () =>
  backupFrequencies.map((f) => ({ value: f, label: t(backupFrequencyLabels[f]) }));
const logLevelOptions = () => logLevels.map((l) => ({ value: l, label: `${t(logLevelLabels[l])} (${l})` }));

type Values = Omit<SystemSettings, 'retentionPeriod'> & { retentionPeriod: string };

/** Paramètres · Système (administrators): backups, log level, maintenance mode. */
export function SystemForm({ settings }: { settings: SystemSettings }) {
  const save = useUpdateSystemSettings();
  const [values, setValues] = useState<Values>({
    ...settings,
    retentionPeriod: String(settings.retentionPeriod),
  });
  const [retentionError, setRetentionError] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = values.retentionPeriod.trim();
    const parsed = updateSystemSettingsBody.safeParse({
      ...values,
      retentionPeriod: /^\d+$/.test(text) ? Number(text) : text === '' ? undefined : Number.NaN,
    });
    if (!parsed.success || text === '') {
      const issue = parsed.success
        ? undefined
        : parsed.error.issues.find((i) => i.path[0] === 'retentionPeriod');
      // FormField shows the message in the user's language.
      setRetentionError(
        issue?.message ?? msg('La durée de conservation doit être un nombre entier de jours'),
      );
      document.getElementById('system-retentionPeriod')?.focus();
      return;
    }
    setRetentionError(null);
    try {
      const saved = await save.mutateAsync(parsed.data);
      setValues({ ...saved, retentionPeriod: String(saved.retentionPeriod) });
      toast.success(t('Système configuré'), {
        description: saved.maintenanceMode
          ? t('Mode maintenance actif : seuls les administrateurs peuvent utiliser Vigie.')
          : undefined,
      });
    } catch (error) {
      const { onFields, rest } = splitServerError(
        error,
        ['retentionPeriod'],
        t('Impossible de modifier le système'),
      );
      if (onFields[0]) {
        setRetentionError(onFields[0].message);
        focusFirstField(['system-retentionPeriod']);
      }
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorCog aria-hidden="true" className="size-5 text-blue-300" />
          {t('Système')}
        </CardTitle>
        <CardDescription>{t('Sauvegardes, journalisation et maintenance.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
          <SwitchField
            id="system-autoBackup"
            label={t('Sauvegarde automatique')}
            description={t('Le serveur sauvegarde les données à la fréquence choisie.')}
            checked={values.autoBackup}
            onCheckedChange={(v) => set('autoBackup', v)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="system-backupFrequency" label={t('Fréquence des sauvegardes')}>
              <Select
                id="system-backupFrequency"
                options={frequencyOptions()}
                value={values.backupFrequency}
                onValueChange={(v) => set('backupFrequency', v as Values['backupFrequency'])}
              />
            </FormField>
            <FormField
              id="system-retentionPeriod"
              label={t('Conservation (jours)')}
              hint={t('Durée pendant laquelle une sauvegarde est gardée (1 à 3650 jours).')}
              error={retentionError ?? undefined}
            >
              <Input
                id="system-retentionPeriod"
                type="number"
                inputMode="numeric"
                min={1}
                max={3650}
                value={values.retentionPeriod}
                onChange={(event) => {
                  set('retentionPeriod', event.target.value);
                  setRetentionError(null);
                }}
                aria-invalid={retentionError ? true : undefined}
                aria-describedby={
                  retentionError ? 'system-retentionPeriod-error' : 'system-retentionPeriod-hint'
                }
              />
            </FormField>
            <FormField id="system-logLevel" label={t('Niveau de journalisation')}>
              <Select
                id="system-logLevel"
                options={logLevelOptions()}
                value={values.logLevel}
                onValueChange={(v) => set('logLevel', v as Values['logLevel'])}
              />
            </FormField>
          </div>
          <SwitchField
            id="system-maintenanceMode"
            label={t('Mode maintenance')}
            // The contract's maintenanceModeDescription, then what it means, as one sentence to translate.
            description={t(
              "Désactive temporairement le système. Seuls les administrateurs peuvent alors se connecter ; les lecteurs de badges et les centrales d'alarme continuent de fonctionner.",
            )}
            checked={values.maintenanceMode}
            onCheckedChange={(v) => set('maintenanceMode', v)}
          />
          <Button type="submit" disabled={save.isPending} className="self-end">
            <Save aria-hidden="true" />
            {save.isPending ? t('Enregistrement...') : t('Enregistrer')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
