import type { Radio } from '@vigie/contract/radio.contract';
import { Siren } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useTriggerSos } from '../api/trigger-sos';
import { formatDistance, formatImei } from './radio-format';

type SosButtonProps = { radio: Radio; onAlert: (alertId: string) => void };

/** Raises an SOS for the radio (at its last reported position): toast, then the alert with its nearest agents. */
export function SosButton({ radio, onAlert }: SosButtonProps) {
  const sos = useTriggerSos();

  const trigger = async () => {
    try {
      // No position sent: the server takes the radio's last report and says so (never a fixed point).
      const alert = await sos.mutateAsync({ radioId: radio.id });
      const nearest = alert.nearestAgents[0];
      toast.warning(t('SOS Déclenché'), {
        description: nearest
          ? t('Agent le plus proche : {name}, à {distance}.', {
              name: nearest.name,
              distance: formatDistance(nearest.distanceM),
            })
          : t('Aucun agent disponible à proximité : le poste de contrôle est alerté.'),
      });
      onAlert(alert.id);
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t('Impossible de déclencher SOS')) });
    }
  };

  return (
    <Button
      variant="danger"
      className="w-full font-bold tracking-wide"
      disabled={sos.isPending}
      onClick={() => void trigger()}
      aria-label={
        radio.agentName
          ? t('SOS — radio {imei} ({agent})', { imei: formatImei(radio.radioId), agent: radio.agentName })
          : t('SOS — radio {imei}', { imei: formatImei(radio.radioId) })
      }
      data-testid="radio-sos"
    >
      <Siren aria-hidden="true" />
      {sos.isPending ? t('Envoi du SOS...') : t('SOS')}
    </Button>
  );
}
