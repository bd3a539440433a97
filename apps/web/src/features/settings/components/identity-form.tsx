// French zod messages for the schema's generic errors.
import '@vigie/contract/locale';
import { type IdentitySettings, updateIdentitySettingsBody } from '@vigie/contract/settings.contract';
import { Landmark, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { t } from '../../../lib/i18n/i18n';
import { useUpdateIdentitySettings } from '../api/update-identity-settings';

type Field = 'legalName' | 'address' | 'siret' | 'cnapsAuthorisation';
type Values = Record<Field, string>;
const fieldNames: readonly Field[] = ['legalName', 'address', 'siret', 'cnapsAuthorisation'];

const toValues = (s: IdentitySettings): Values => ({
  legalName: s.legalName ?? '',
  address: s.address ?? '',
  siret: s.siret ?? '',
  cnapsAuthorisation: s.cnapsAuthorisation ?? '',
});

/** Paramètres · Identité (administrators): what the reports and documents print. */
export function IdentityForm({ settings, companyName }: { settings: IdentitySettings; companyName: string }) {
  const save = useUpdateIdentitySettings();
  const [values, setValues] = useState<Values>(() => toValues(settings));
  const [errors, setErrors] = useState<Partial<Values>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateIdentitySettingsBody.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Values> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const first = fieldNames.find((name) => next[name]);
      if (first) document.getElementById(`identity-${first}`)?.focus();
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(parsed.data);
      setValues(toValues(saved));
      toast.success(t('Paramètres sauvegardés'), {
        description: t("L'identité de la société a été enregistrée."),
      });
    } catch (error) {
      const { onFields, rest } = splitServerError(error, fieldNames, t("Impossible de modifier l'identité"));
      setErrors(Object.fromEntries(onFields.map((e) => [e.field, e.message])));
      focusFirstField(onFields.map((e) => `identity-${e.field}`));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  };

  const props = (name: Field) => ({
    id: `identity-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `identity-${name}-error` : `identity-${name}-hint`,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark aria-hidden="true" className="size-5 text-blue-300" />
          {t('Identité légale')}
        </CardTitle>
        <CardDescription>
          {t('Imprimée sur les rapports, exports et documents de la société.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="identity-legalName"
            label={t('Raison sociale')}
            hint={t('Vide : « {companyName} » est imprimé.', { companyName })}
            error={errors.legalName}
            className="sm:col-span-2"
          >
            <Input autoComplete="organization" {...props('legalName')} />
          </FormField>
          <FormField
            id="identity-address"
            label={t('Adresse du siège')}
            hint={t("Telle qu'elle doit apparaître sur les documents.")}
            error={errors.address}
            className="sm:col-span-2"
          >
            <Textarea rows={3} autoComplete="street-address" {...props('address')} />
          </FormField>
          <FormField id="identity-siret" label={t('SIRET')} hint={t('14 chiffres.')} error={errors.siret}>
            <Input inputMode="numeric" placeholder="732 829 320 00074" {...props('siret')} />
          </FormField>
          <FormField
            id="identity-cnapsAuthorisation"
            label={t('Autorisation CNAPS')}
            hint={t('Format AUT-075-2030-05-12-12345678901.')}
            error={errors.cnapsAuthorisation}
          >
            <Input
              // i18n: not shown (a format example, the same in every language)
              placeholder="AUT-075-2030-05-12-12345678901"
              className="font-mono uppercase"
              spellCheck={false}
              {...props('cnapsAuthorisation')}
            />
          </FormField>
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              <Save aria-hidden="true" />
              {save.isPending ? t('Enregistrement...') : t('Enregistrer')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
