// The agent space's interventions: the running one (its card rings at the top of the space), and
// while on duty the location: the agent's consent (his own switch) and « Vous êtes localisé » while
// the phone sends its position. Nothing is sent, nor shown, off duty.
import { LocateFixed } from 'lucide-react';
import {
  useCurrentIntervention,
  useLocationConsent,
  useSetLocationConsent,
} from '../../../components/interventions/interventions-api';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDutyTracking } from '../use-duty-tracking';
import { InterventionCard } from './intervention-card';

export function InterventionSection({ onDuty }: { onDuty: boolean }) {
  const current = useCurrentIntervention(onDuty);
  const consent = useLocationConsent(onDuty);
  const setConsent = useSetLocationConsent();
  const consented = consent.data?.consented === true;
  const intervention = current.data?.intervention ?? null;
  const tracking = useDutyTracking(
    onDuty && consented,
    intervention ? `${intervention.id}:${intervention.state}` : null,
  );
  if (!onDuty) return null;
  return (
    <>
      {intervention ? <InterventionCard intervention={intervention} /> : null}
      <section
        aria-label={t('Localisation pendant le service')}
        className="flex flex-col gap-2 rounded-2xl border border-white/10 bg-ink-900 p-4"
        data-testid="duty-location"
      >
        <div className="flex items-center justify-between gap-3">
          <label htmlFor="duty-location-consent" className="text-base text-white">
            {t('Partager ma position pendant le service')}
          </label>
          <Switch
            id="duty-location-consent"
            checked={consented}
            disabled={consent.isPending || setConsent.isPending}
            onCheckedChange={(v) => setConsent.mutate(v)}
          />
        </div>
        {consented && tracking.status === 'on' ? (
          <p className="flex items-center gap-2 text-base font-semibold text-emerald-300" role="status">
            <LocateFixed aria-hidden="true" className="size-5" />
            {t('Vous êtes localisé')}
            {tracking.problem ? (
              <span className="font-normal text-amber-200"> — {t(tracking.problem)}</span>
            ) : null}
          </p>
        ) : (
          <p className="text-sm text-slate-300">
            {t(
              "Le centre de contrôle voit votre position seulement pendant votre service, si vous l'acceptez, pour envoyer l'agent le plus proche. Elle est conservée deux mois.",
            )}
          </p>
        )}
        {setConsent.isError ? (
          <p role="alert" className="text-sm text-red-200">
            {errorMessage(setConsent.error)}
          </p>
        ) : null}
      </section>
    </>
  );
}
