import { radioAlertTypeLabels } from '@vigie/contract/radio-traffic.contract';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useRadioAlert } from '../api/get-radio-alert';
import { RadioAlertDetails } from './radio-alert-details';

type RadioAlertDialogProps = {
  /** By id: the SOS answer seeds it, a link may open it before any list has loaded. */
  alertId: string | null;
  onOpenChange: (open: boolean) => void;
  canManage: boolean;
  timezone?: string;
};

/** The alert overlay: location, keywords, nearest agents, dispatch and handling. */
export function RadioAlertDialog({ alertId, onOpenChange, canManage, timezone }: RadioAlertDialogProps) {
  const { data: alert, error, isError } = useRadioAlert(alertId);
  return (
    <Dialog open={alertId !== null} onOpenChange={onOpenChange}>
      {alertId !== null ? (
        <DialogContent
          size="xl"
          title={
            alert
              ? `${t(radioAlertTypeLabels[alert.type])} — ${alert.agentName ?? t('Agent non identifié')}`
              : t('Alerte radio')
          }
          description={
            alert ? t('Déclenchée le {date}', { date: formatDateTime(alert.createdAt, timezone) }) : undefined
          }
        >
          {alert ? (
            <RadioAlertDetails alert={alert} canManage={canManage} timezone={timezone} />
          ) : isError ? (
            <p className="text-red-200">{errorMessage(error, t('Alerte introuvable'))}</p>
          ) : (
            <div className="flex justify-center py-10">
              <Spinner label={t("Chargement de l'alerte…")} />
            </div>
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
