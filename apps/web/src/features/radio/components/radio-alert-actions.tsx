import type { RadioAlert } from '@vigie/contract/radio-traffic.contract';
import { CheckCheck, CircleCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useAcknowledgeRadioAlert } from '../api/acknowledge-radio-alert';
import { useResolveRadioAlert } from '../api/resolve-radio-alert';

/** 'Prendre en compte' (an active alert) and 'Clore' (any open alert). */
export function RadioAlertActions({ alert }: { alert: RadioAlert }) {
  const acknowledge = useAcknowledgeRadioAlert();
  const resolve = useResolveRadioAlert();
  if (alert.status === 'resolved') return null;

  const onAcknowledge = async () => {
    try {
      await acknowledge.mutateAsync(alert.id);
      toast.success(t('Alerte prise en compte'));
    } catch (error) {
      toast.error(t('Erreur'), {
        description: errorMessage(error, t("Impossible de prendre en compte l'alerte")),
      });
    }
  };
  const onResolve = async () => {
    try {
      await resolve.mutateAsync({ id: alert.id });
      toast.success(t('Alerte close'));
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t("Impossible de clore l'alerte")) });
    }
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      {alert.status === 'active' ? (
        <Button onClick={() => void onAcknowledge()} disabled={acknowledge.isPending}>
          <CheckCheck aria-hidden="true" />
          {acknowledge.isPending ? t('Prise en compte...') : t('Prendre en compte')}
        </Button>
      ) : null}
      <Button variant="secondary" onClick={() => void onResolve()} disabled={resolve.isPending}>
        <CircleCheck aria-hidden="true" />
        {resolve.isPending ? t('Clôture...') : t('Clore')}
      </Button>
    </div>
  );
}
