import { zodResolver } from '@hookform/resolvers/zod';
import { alarmSeverities } from '@vigie/contract/alarms.contract';
import { instructionLimits, type SiteInstructions } from '@vigie/contract/site-instructions.contract';
import { ClipboardList, Pencil, PhoneCall, ShieldAlert, Timer } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { showServerErrors } from '../../../lib/field-errors';
import { formatDateTime } from '../../../lib/format';
import { msg, t } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session';
import { useSaveSiteInstructions, useSiteInstructions } from '../api/site-instructions';
import { AlarmResponsesFields, AlarmResponsesView } from './instructions-alarm-responses';
import { CallListFields, CallListView } from './instructions-call-list';
import {
  formToBody,
  type InstructionsFormOutput,
  type InstructionsFormValues,
  instructionsFormSchema,
  instructionsToForm,
} from './instructions-form-schema';
import { InstructionsSection } from './instructions-parts';
import { ResponseTargetsFields, ResponseTargetsView } from './instructions-response-targets';
import { StepsFields, StepsView } from './instructions-steps';

// Marked for the catalogue here, translated where shown (InstructionsSection's hint).
const hints = {
  callList: msg("Dans l'ordre d'appel ; le mot de passe permet de reconnaître l'appelant"),
  steps: msg("Les étapes à suivre lors d'une intervention, dans l'ordre"),
  responses: msg('Active : intervention directe sans vérification ; passive : levée de doute préalable'),
  targets: msg(
    "Délai pour accepter une intervention proposée, puis pour être sur place, selon la gravité de l'alarme",
  ),
};

/** « Consignes »: the site's call list, intervention steps, alarm responses and response targets. */
export function SiteInstructionsTab({ siteId, timezone }: { siteId: string; timezone?: string }) {
  const query = useSiteInstructions(siteId);
  const { user } = useSession();
  const canEdit = user?.role === 'admin' || user?.role === 'operator';
  const [editing, setEditing] = useState(false);
  return (
    <QueryState
      query={query}
      loading={t('Chargement des consignes…')}
      error={t('Impossible de charger les consignes')}
      layout="inline"
    >
      {(doc) =>
        editing ? (
          <InstructionsForm doc={doc} siteId={siteId} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-fg-muted">
                {doc.updatedAt
                  ? t('Consignes mises à jour le {date}', { date: formatDateTime(doc.updatedAt, timezone) })
                  : t('Aucune consigne enregistrée : les réglages par défaut s’appliquent.')}
              </p>
              {canEdit ? (
                <Button variant="secondary" size="sm" className="self-start" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  {t('Modifier les consignes')}
                </Button>
              ) : null}
            </div>
            <InstructionsSection title={t("Liste d'appel")} icon={PhoneCall} hint={t(hints.callList)}>
              <CallListView contacts={doc.contacts} passwordsHidden={doc.passwordsHidden} />
            </InstructionsSection>
            <InstructionsSection
              title={t("Consignes d'intervention")}
              icon={ClipboardList}
              hint={t(hints.steps)}
            >
              <StepsView steps={doc.steps} />
            </InstructionsSection>
            <div className="flex flex-col gap-4">
              <InstructionsSection
                title={t('Alarmes actives et passives')}
                icon={ShieldAlert}
                hint={t(hints.responses)}
              >
                <AlarmResponsesView responses={doc.alarmResponses} />
              </InstructionsSection>
              <InstructionsSection title={t('Délais de réponse')} icon={Timer} hint={t(hints.targets)}>
                <ResponseTargetsView targets={doc.responseTargets} />
              </InstructionsSection>
            </div>
          </div>
        )
      }
    </QueryState>
  );
}

/** The form's fields, named as the request body's paths (a 422 about one shows under it). */
const serverFields: Record<string, string> = Object.fromEntries([
  ['contacts', 'contacts'],
  ['steps', 'steps'],
  ...Array.from({ length: instructionLimits.contacts }, (_, i) => [
    ...['name', 'role', 'password', 'availability'].map((f) => [`contacts.${i}.${f}`, `contacts.${i}.${f}`]),
    [`contacts.${i}.phones`, `contacts.${i}.phones`],
    ...[0, 1, 2].map((p) => [`contacts.${i}.phones.${p}`, `contacts.${i}.phones.${p}.value`]),
  ]).flat(),
  ...Array.from({ length: instructionLimits.steps }, (_, i) => [`steps.${i}.text`, `steps.${i}.text`]),
  ...alarmSeverities.flatMap((s) =>
    ['acceptSeconds', 'arriveMinutes'].map((f) => [`responseTargets.${s}.${f}`, `responseTargets.${s}.${f}`]),
  ),
]);

function InstructionsForm({
  doc,
  siteId,
  onDone,
}: {
  doc: SiteInstructions;
  siteId: string;
  onDone: () => void;
}) {
  const save = useSaveSiteInstructions(siteId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InstructionsFormValues, unknown, InstructionsFormOutput>({
    resolver: zodResolver(instructionsFormSchema),
    defaultValues: instructionsToForm(doc),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(formToBody(values));
      toast.success(t('Consignes enregistrées'));
      onDone();
    } catch (error) {
      // biome-ignore lint/suspicious/noExplicitAny: the paths are the form's, built above
      const rest = showServerErrors(error, setError, serverFields as any);
      if (rest) toast.error(t("Impossible d'enregistrer les consignes"), { description: rest });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t('Modifier les consignes')}
    >
      <InstructionsSection title={t("Liste d'appel")} icon={PhoneCall} hint={t(hints.callList)}>
        <CallListFields control={control} register={register} errors={errors} />
      </InstructionsSection>
      <InstructionsSection title={t("Consignes d'intervention")} icon={ClipboardList} hint={t(hints.steps)}>
        <StepsFields control={control} register={register} errors={errors} />
      </InstructionsSection>
      <InstructionsSection
        title={t('Alarmes actives et passives')}
        icon={ShieldAlert}
        hint={t(hints.responses)}
      >
        <AlarmResponsesFields register={register} />
      </InstructionsSection>
      <InstructionsSection title={t('Délais de réponse')} icon={Timer} hint={t(hints.targets)}>
        <ResponseTargetsFields register={register} errors={errors} />
      </InstructionsSection>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('Annuler')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('Enregistrement...') : t('Enregistrer les consignes')}
        </Button>
      </div>
    </form>
  );
}
