import { generateReportBody } from '@vigie/contract/reports.contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { focusFirstField, splitServerError } from '../../../lib/field-errors';
import { msg, t } from '../../../lib/i18n/i18n';
import { type GenerateReportInput, useGenerateReport } from '../api/generate-report';
import { useReportSites } from '../api/get-sites';
import { ALL_SITES, formatOptions, siteOptionsOf, typeOptions } from './report-options';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The period to start from (the page's). */
  initial: { startDate: string; endDate: string; siteId?: string };
};

/** 'Générer un rapport': type, format, dates (required), site, and the graphs box ticked by default. */
export function GenerateDialog({ open, onOpenChange, initial }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('Générer un rapport')}
        description={t("Le rapport est préparé en arrière-plan : vous serez notifié dès qu'il sera prêt.")}
      >
        {open ? <GenerateForm initial={initial} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type FormValues = Omit<GenerateReportInput, 'type' | 'format'> & { type: string; format: string };

type Errors = Partial<Record<'type' | 'format' | 'startDate' | 'endDate', string>>;

function GenerateForm({ initial, onDone }: { initial: Props['initial']; onDone: () => void }) {
  const generate = useGenerateReport();
  const sites = useReportSites();
  // The type starts unchosen: the dialog's Select shows its placeholder until one is picked.
  const [values, setValues] = useState<FormValues>({
    type: '',
    format: 'pdf',
    startDate: initial.startDate,
    endDate: initial.endDate,
    includeGraphs: true,
    siteId: initial.siteId ?? null,
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = generateReportBody.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??=
          key === 'type' && !values.type ? msg('Le type de rapport est obligatoire') : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await generate.mutateAsync(parsed.data);
      toast.success(t('Rapport en cours de génération'), {
        description: t('Vous serez notifié lorsque le rapport sera prêt.'),
      });
      onDone();
    } catch (error) {
      const fields = ['type', 'format', 'startDate', 'endDate'] as const;
      const { onFields, rest } = splitServerError(error, fields, t('Impossible de générer le rapport'));
      setErrors(Object.fromEntries(onFields.map((e) => [e.field, e.message])));
      focusFirstField(onFields.map((e) => `report-${e.field}`));
      if (rest) toast.error(t('Erreur'), { description: rest });
    }
  };

  const a11y = (name: keyof Errors) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `report-${name}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField id="report-type" label={t('Type de rapport')} required error={errors.type}>
        <Select
          id="report-type"
          value={values.type}
          onValueChange={(type) => set({ type })}
          options={typeOptions()}
          placeholder={t('Choisir un type')}
          {...a11y('type')}
        />
      </FormField>
      <FormField id="report-format" label={t('Format')} required error={errors.format}>
        <Select
          id="report-format"
          value={values.format}
          onValueChange={(format) => set({ format })}
          options={formatOptions}
          {...a11y('format')}
        />
      </FormField>
      <FormField id="report-startDate" label={t('Date de début')} required error={errors.startDate}>
        <Input
          id="report-startDate"
          type="date"
          value={values.startDate}
          onChange={(e) => set({ startDate: e.target.value })}
          className="[color-scheme:dark]"
          {...a11y('startDate')}
        />
      </FormField>
      <FormField id="report-endDate" label={t('Date de fin')} required error={errors.endDate}>
        <Input
          id="report-endDate"
          type="date"
          value={values.endDate}
          onChange={(e) => set({ endDate: e.target.value })}
          className="[color-scheme:dark]"
          {...a11y('endDate')}
        />
      </FormField>
      <FormField id="report-site" label={t('Site')} className="sm:col-span-2">
        <Select
          id="report-site"
          value={values.siteId ?? ALL_SITES}
          onValueChange={(v) => set({ siteId: v === ALL_SITES ? null : v })}
          options={siteOptionsOf(sites.data)}
        />
      </FormField>
      {values.type === 'logbook' ? (
        // The main courante is the register alone: no charts; say what the document holds instead.
        <p className="text-sm text-fg-muted sm:col-span-2">
          {t(
            "Les entrées de chaque site dans l'ordre du registre, avec leurs corrections, leurs photos et la vérification d'intégrité de la chaîne.",
          )}
        </p>
      ) : (
        <label className="flex items-center gap-3 text-sm sm:col-span-2" htmlFor="report-graphs">
          <input
            id="report-graphs"
            type="checkbox"
            className="size-4 accent-blue-500"
            checked={values.includeGraphs ?? true}
            onChange={(e) => set({ includeGraphs: e.target.checked })}
          />
          {t('Inclure les graphiques')}
        </label>
      )}
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={generate.isPending}>
          {generate.isPending ? t('Génération...') : t('Générer le rapport')}
        </Button>
      </div>
    </form>
  );
}
