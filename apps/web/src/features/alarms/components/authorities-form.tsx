import { authorityServiceLabels, authorityServices } from '@vigie/contract/alarm-file.contract';
import { Siren } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { t } from '../../../lib/i18n/i18n';
import { isoOfLocal, localNow, useEntrySubmit } from './file-entry-submit';

type Service = (typeof authorityServices)[number];

/** « Autorités prévenues »: which service, when, and the reference they gave. */
export function AuthoritiesForm({ alarmId }: { alarmId: string }) {
  const [service, setService] = useState<Service>('police');
  const [calledAt, setCalledAt] = useState(localNow());
  const [reference, setReference] = useState('');
  const { submit, errors, clear, pending } = useEntrySubmit(
    alarmId,
    ['service', 'calledAt', 'reference'] as const,
    t('Autorités prévenues consignées'),
  );
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      await submit({
        kind: 'authorities',
        service,
        calledAt: isoOfLocal(calledAt),
        reference: reference.trim() || null,
      })
    ) {
      setReference('');
      setCalledAt(localNow());
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id="file-authority-service" label={t('Service')} error={errors.service}>
          <NativeSelect
            id="file-authority-service"
            value={service}
            onChange={(e) => setService(e.target.value as Service)}
            options={authorityServices.map((s) => ({ value: s, label: t(authorityServiceLabels[s]) }))}
          />
        </FormField>
        <FormField id="file-authority-at" label={t("Heure de l'appel")} error={errors.calledAt}>
          <Input
            id="file-authority-at"
            type="datetime-local"
            value={calledAt}
            className="[color-scheme:dark]"
            aria-invalid={errors.calledAt ? true : undefined}
            aria-describedby={errors.calledAt ? 'file-authority-at-error' : undefined}
            onChange={(e) => {
              setCalledAt(e.target.value);
              clear('calledAt');
            }}
          />
        </FormField>
        <FormField id="file-authority-reference" label={t('Leur référence')} error={errors.reference}>
          <Input
            id="file-authority-reference"
            value={reference}
            placeholder={t("Ex. n° d'intervention")}
            aria-invalid={errors.reference ? true : undefined}
            aria-describedby={errors.reference ? 'file-authority-reference-error' : undefined}
            onChange={(e) => {
              setReference(e.target.value);
              clear('reference');
            }}
          />
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={pending}>
          <Siren aria-hidden="true" />
          {t("Consigner l'appel aux autorités")}
        </Button>
      </div>
    </form>
  );
}
