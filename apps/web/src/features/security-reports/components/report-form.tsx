import { zodResolver } from '@hookform/resolvers/zod';
import type { SecurityReport } from '@vigie/contract/security-reports.contract';
import { MapPin } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { SignatureField, type SignatureHandle } from '../../../components/signature-field';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { showServerErrors } from '../../../lib/field-errors';
import { msg, t } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session';
import { useCreateSecurityReport } from '../api/create-security-report';
import { useReportSites } from '../api/get-report-sites';
import { useUpdateSecurityReport } from '../api/update-security-report';
import { IncidentsSection } from './incidents-section';
import { InterventionsSection } from './interventions-section';
import {
  emptyReportForm,
  type ReportFormOutput,
  type ReportFormValues,
  reportFormSchema,
  reportToForm,
} from './report-form-schema';
import { useDevicePosition } from './use-device-position';

const textSections = [
  { name: 'repairs', label: msg('Réparations effectuées') },
  { name: 'improvements', label: msg('Améliorations proposées') },
  { name: 'observations', label: msg('Observations') },
  { name: 'comments', label: msg('Commentaires') },
] as const;

type ReportFormProps = {
  /** A draft to edit; without it, a new report. */
  report?: SecurityReport | null;
  onDone?: () => void;
};

/** The fields that show a message, named as in the request body (a refusal about one shows under it). */
const reportFields = [
  'siteId',
  'periodStart',
  'periodEnd',
  'repairs',
  'improvements',
  'observations',
  'comments',
  'responsibleName',
] as const;

/** Spec: the new-report form (also edits a draft). Saved as a draft; the signature is sent only if drawn. */
export function ReportForm({ report, onDone }: ReportFormProps) {
  const { user } = useSession();
  const sites = useReportSites();
  const create = useCreateSecurityReport();
  const update = useUpdateSecurityReport();
  const signature = useRef<SignatureHandle>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormValues, unknown, ReportFormOutput>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: report ? reportToForm(report) : emptyReportForm(user?.name ?? ''),
  });
  const incidents = useFieldArray({ control, name: 'incidents' });
  const interventions = useFieldArray({ control, name: 'interventions' });
  // A draft being edited keeps the position it was written at.
  const onPosition = useCallback(
    (text: string) => {
      if (!report?.geolocation) setValue('geolocation', text);
    },
    [setValue, report],
  );
  const position = useDevicePosition(onPosition);
  const siteOptions = [
    {
      value: '',
      label: sites.data?.length ? t('Choisissez un site') : t('Aucun site : créez-en un d’abord'),
    },
    ...(sites.data ?? []).map((s) => ({ value: s.id, label: s.name })),
  ];

  const onSubmit = handleSubmit(
    async (values) => {
      const drawn = signature.current?.value() ?? null;
      const withSignature = { ...values, ...(drawn ? { responsibleSignature: drawn } : {}) };
      if (report) {
        try {
          const saved = await update.mutateAsync({ id: report.id, body: withSignature });
          toast.success(t('Rapport modifié'), {
            description: t('{number} a été enregistré.', { number: saved.number }),
          });
          onDone?.();
        } catch (error) {
          const rest = showServerErrors(
            error,
            setError,
            reportFields,
            t('Impossible de modifier le rapport'),
          );
          if (rest) toast.error(t('Erreur'), { description: rest });
        }
        return;
      }
      try {
        const saved = await create.mutateAsync(withSignature);
        toast.success(t('Rapport créé'), {
          description: t('{number} · {site} (brouillon)', { number: saved.number, site: saved.siteName }),
        });
        reset({ ...emptyReportForm(user?.name ?? ''), geolocation: watch('geolocation') });
        signature.current?.clear();
      } catch (error) {
        // The specification's toast for any other refusal.
        if (showServerErrors(error, setError, reportFields)) {
          toast.error(t('Erreur'), { description: t('Impossible de créer le rapport') });
        }
      }
    },
    (invalid) => {
      const first = invalid.siteId?.message ?? Object.values(invalid)[0]?.message;
      if (first) toast.error(t('Erreur'), { description: t(String(first)) });
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {report ? t('Modifier le brouillon {number}', { number: report.number }) : t('Nouveau rapport')}
        </CardTitle>
        <CardDescription>
          {report
            ? t('Un brouillon se modifie tant qu’il n’est pas finalisé.')
            : t('Rédigé sur place, enregistré en brouillon, puis finalisé avec la signature du responsable.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="report-site"
              label={t('Site')}
              required
              error={errors.siteId?.message}
              className="sm:col-span-2"
            >
              <NativeSelect
                id="report-site"
                options={siteOptions}
                aria-invalid={errors.siteId ? true : undefined}
                aria-describedby={errors.siteId ? 'report-site-error' : undefined}
                {...register('siteId')}
              />
            </FormField>
            <FormField id="report-start" label={t('Début de la période')} error={errors.periodStart?.message}>
              <Input id="report-start" type="date" {...register('periodStart')} />
            </FormField>
            <FormField id="report-end" label={t('Fin de la période')} error={errors.periodEnd?.message}>
              <Input id="report-end" type="date" {...register('periodEnd')} />
            </FormField>
            <FormField
              id="report-geolocation"
              label={t('Géolocalisation')}
              className="sm:col-span-2"
              hint={
                position.status === 'pending'
                  ? t('Recherche de la position de l’appareil…')
                  : position.status === 'unavailable'
                    ? t(position.reason)
                    : t('Position de l’appareil, renseignée automatiquement.')
              }
            >
              <div className="relative">
                <MapPin
                  aria-hidden="true"
                  className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
                />
                <Input
                  id="report-geolocation"
                  readOnly
                  className="pl-9"
                  placeholder={t('Position non disponible')}
                  aria-describedby="report-geolocation-hint"
                  {...register('geolocation')}
                />
              </div>
            </FormField>
          </div>

          <IncidentsSection
            items={incidents.fields}
            onAdd={(it) => incidents.append(it)}
            onRemove={(i) => incidents.remove(i)}
          />
          <InterventionsSection
            items={interventions.fields}
            onAdd={(it) => interventions.append(it)}
            onRemove={(i) => interventions.remove(i)}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            {textSections.map((s) => (
              <FormField
                key={s.name}
                id={`report-${s.name}`}
                label={t(s.label)}
                error={errors[s.name]?.message}
              >
                <Textarea id={`report-${s.name}`} {...register(s.name)} />
              </FormField>
            ))}
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="report-responsible"
              label={t('Nom du responsable')}
              error={errors.responsibleName?.message}
            >
              <Input id="report-responsible" autoComplete="name" {...register('responsibleName')} />
            </FormField>
            <div className="flex flex-col gap-1.5 sm:col-span-2">
              <span className="text-sm font-medium text-fg">
                {t('Signature du responsable')}
                {report?.hasSignature ? ` ${t('(déjà signée : dessinez pour la remplacer)')}` : ''}
              </span>
              <SignatureField id="report-signature" ref={signature} />
            </div>
          </div>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {report ? (
              <Button variant="outline" onClick={onDone}>
                {t('Annuler')}
              </Button>
            ) : null}
            <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
              {report
                ? isSubmitting
                  ? t('Enregistrement...')
                  : t('Enregistrer')
                : isSubmitting
                  ? t('Création...')
                  : t('Créer le rapport')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
