import { type AlarmFile, callOutcomeLabels, callOutcomes } from '@vigie/contract/alarm-file.contract';
import { PhoneCall } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { t } from '../../../lib/i18n/i18n';
import { isoOfLocal, localNow, useEntrySubmit } from './file-entry-submit';

type Outcome = (typeof callOutcomes)[number];
const OTHER = 'autre';

/** « Consigner un appel »: a contact of the site's call list (or another number), the outcome. */
export function CallEntryForm({
  alarmId,
  contacts,
}: {
  alarmId: string;
  contacts: AlarmFile['instructions']['contacts'];
}) {
  // One choice per contact and phone, in the call list's order.
  const choices = contacts.flatMap((c, i) =>
    c.phones.map((phone, j) => ({
      value: `${i}:${j}`,
      label: `${c.name}${c.role ? ` (${c.role})` : ''} — ${phone}`,
      contact: c,
      phone,
    })),
  );
  const [choice, setChoice] = useState(choices[0]?.value ?? OTHER);
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [outcome, setOutcome] = useState<Outcome>('answered_password_ok');
  const [calledAt, setCalledAt] = useState(localNow());
  const [remark, setRemark] = useState('');
  const { submit, errors, clear, pending } = useEntrySubmit(
    alarmId,
    ['contactName', 'number', 'outcome', 'calledAt', 'remark'] as const,
    t('Appel consigné'),
  );
  const picked = choices.find((c) => c.value === choice);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await submit({
      kind: 'call',
      contactName: picked ? picked.contact.name : name.trim(),
      role: picked?.contact.role ?? null,
      number: picked ? picked.phone : number.trim(),
      outcome,
      calledAt: isoOfLocal(calledAt),
      remark: remark.trim() || null,
    });
    if (ok) {
      setRemark('');
      setCalledAt(localNow());
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <FormField id="file-call-contact" label={t('Contact appelé')}>
        <NativeSelect
          id="file-call-contact"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          options={[
            ...choices.map(({ value, label }) => ({ value, label })),
            { value: OTHER, label: t('Autre numéro…') },
          ]}
        />
      </FormField>
      {picked?.contact.password ? (
        <p className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
          {t('Mot de passe attendu :')} <strong>{picked.contact.password}</strong>
          {picked.contact.availability ? ` · ${picked.contact.availability}` : ''}
        </p>
      ) : null}
      {picked ? null : (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="file-call-name" label={t('Nom')} error={errors.contactName} required>
            <Input
              id="file-call-name"
              value={name}
              aria-invalid={errors.contactName ? true : undefined}
              aria-describedby={errors.contactName ? 'file-call-name-error' : undefined}
              onChange={(e) => {
                setName(e.target.value);
                clear('contactName');
              }}
            />
          </FormField>
          <FormField id="file-call-number" label={t('Numéro')} error={errors.number} required>
            <Input
              id="file-call-number"
              type="tel"
              value={number}
              aria-invalid={errors.number ? true : undefined}
              aria-describedby={errors.number ? 'file-call-number-error' : undefined}
              onChange={(e) => {
                setNumber(e.target.value);
                clear('number');
              }}
            />
          </FormField>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="file-call-outcome" label={t('Résultat')} error={errors.outcome}>
          <NativeSelect
            id="file-call-outcome"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as Outcome)}
            options={callOutcomes.map((o) => ({ value: o, label: t(callOutcomeLabels[o]) }))}
          />
        </FormField>
        <FormField id="file-call-at" label={t("Heure de l'appel")} error={errors.calledAt}>
          <Input
            id="file-call-at"
            type="datetime-local"
            value={calledAt}
            className="[color-scheme:dark]"
            aria-invalid={errors.calledAt ? true : undefined}
            aria-describedby={errors.calledAt ? 'file-call-at-error' : undefined}
            onChange={(e) => {
              setCalledAt(e.target.value);
              clear('calledAt');
            }}
          />
        </FormField>
      </div>
      <FormField id="file-call-remark" label={t('Remarque')} error={errors.remark}>
        <Textarea id="file-call-remark" rows={2} value={remark} onChange={(e) => setRemark(e.target.value)} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={pending}>
          <PhoneCall aria-hidden="true" />
          {t("Consigner l'appel")}
        </Button>
      </div>
    </form>
  );
}
