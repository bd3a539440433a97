import {
  createReportScheduleBody,
  reportFrequencies,
  reportFrequencyLabels,
  reportTypeLabels,
} from '@vigie/contract/reports.contract';
import { CalendarClock, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-errors';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { formatDateTime } from '../../../lib/format';
import { currentLocale, msg, t } from '../../../lib/i18n/i18n';
import { useCreateSchedule } from '../api/create-report-schedule';
import { useDeleteSchedule } from '../api/delete-report-schedule';
import { useReportSchedules } from '../api/get-report-schedules';
import { useReportSites } from '../api/get-sites';
import { ALL_SITES, formatOptions, siteOptionsOf, typeOptions } from './report-options';

const frequencyOptions = () =>
  reportFrequencies.map((value) => ({ value, label: t(reportFrequencyLabels[value]) }));

/** The language the scheduled reports are written in (their recipients', not necessarily ours). */
const languageOptions = () => [
  { value: 'fr', label: t('Français') },
  { value: 'en', label: t('English (anglais)') },
  { value: 'es', label: t('Español (espagnol)') },
];

/** Rapports planifiés: a report every week or month, e-mailed to chosen recipients (a client contact). */
export function SchedulesCard({ timezone }: { timezone: string }) {
  const schedules = useReportSchedules();
  const sites = useReportSites();
  const create = useCreateSchedule();
  const remove = useDeleteSchedule();
  const [form, setForm] = useState({
    type: 'security',
    format: 'pdf',
    frequency: 'weekly',
    siteId: ALL_SITES,
    language: currentLocale() as string,
    recipients: '',
  });
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createReportScheduleBody.safeParse({
      type: form.type,
      format: form.format,
      frequency: form.frequency,
      siteId: form.siteId === ALL_SITES ? null : form.siteId,
      language: form.language,
      recipients: form.recipients
        .split(/[,;\s]+/)
        .map((r) => r.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? msg('Planification invalide'));
      return;
    }
    setError(null);
    try {
      await create.mutateAsync(parsed.data);
      toast.success(t('Rapport planifié'), {
        description: t('Il sera envoyé automatiquement aux destinataires.'),
      });
      setForm((f) => ({ ...f, recipients: '' }));
    } catch (e) {
      const { onFields, rest } = splitServerError(e, ['recipients'], t('Impossible de planifier le rapport'));
      if (onFields[0]) {
        setError(onFields[0].message);
        focusFirstField(['schedule-recipients']);
      }
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  };

  return (
    <Card className="flex flex-col" data-testid="report-schedules">
      <div className="border-b border-ink-700 p-5">
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-5 text-blue-300" />
          {t('Rapports planifiés')}
        </CardTitle>
      </div>
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-3 p-5 sm:grid-cols-2 lg:grid-cols-4">
        <FormField id="schedule-type" label={t('Type de rapport')}>
          <Select
            id="schedule-type"
            value={form.type}
            onValueChange={(type) => setForm((f) => ({ ...f, type }))}
            options={typeOptions()}
          />
        </FormField>
        <FormField id="schedule-frequency" label={t('Fréquence')}>
          <Select
            id="schedule-frequency"
            value={form.frequency}
            onValueChange={(frequency) => setForm((f) => ({ ...f, frequency }))}
            options={frequencyOptions()}
          />
        </FormField>
        <FormField id="schedule-format" label={t('Format')}>
          <Select
            id="schedule-format"
            value={form.format}
            onValueChange={(format) => setForm((f) => ({ ...f, format }))}
            options={formatOptions}
          />
        </FormField>
        <FormField id="schedule-language" label={t('Langue du rapport')}>
          <Select
            id="schedule-language"
            value={form.language}
            onValueChange={(language) => setForm((f) => ({ ...f, language }))}
            options={languageOptions()}
          />
        </FormField>
        <FormField id="schedule-site" label={t('Site')}>
          <Select
            id="schedule-site"
            value={form.siteId}
            onValueChange={(siteId) => setForm((f) => ({ ...f, siteId }))}
            options={siteOptionsOf(sites.data)}
          />
        </FormField>
        <FormField
          id="schedule-recipients"
          label={t('Destinataires (e-mails séparés par des virgules)')}
          error={error ?? undefined}
          className="sm:col-span-2 lg:col-span-2"
        >
          <Input
            id="schedule-recipients"
            value={form.recipients}
            placeholder={t('client@exemple.fr, direction@exemple.fr')}
            onChange={(e) => setForm((f) => ({ ...f, recipients: e.target.value }))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'schedule-recipients-error' : undefined}
          />
        </FormField>
        <div className="flex items-end">
          <Button type="submit" className="w-full" disabled={create.isPending}>
            {create.isPending ? t('Planification...') : t('Planifier')}
          </Button>
        </div>
      </form>
      {schedules.data && schedules.data.length > 0 ? (
        <ul className="divide-y divide-ink-700 border-t border-ink-700">
          {schedules.data.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-medium text-white">
                  {t(reportTypeLabels[s.type])} · {t(reportFrequencyLabels[s.frequency])}
                </p>
                <p className="break-words text-sm text-fg-muted">
                  {t('{site} · {format} · à {recipients} · prochain envoi le {date}', {
                    site: s.site,
                    format: s.format === 'pdf' ? 'PDF' : 'Excel',
                    recipients: s.recipients.join(', '),
                    date: formatDateTime(s.nextRunAt, timezone),
                  })}
                </p>
              </div>
              <Button
                size="icon"
                variant="danger-ghost"
                aria-label={t('Supprimer la planification {type}', { type: t(reportTypeLabels[s.type]) })}
                onClick={async () => {
                  try {
                    await remove.mutateAsync(s.id);
                    toast.success(t('Planification supprimée'));
                  } catch (e) {
                    toast.error(t('Erreur'), {
                      description: errorMessage(e, t('Impossible de supprimer la planification')),
                    });
                  }
                }}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
