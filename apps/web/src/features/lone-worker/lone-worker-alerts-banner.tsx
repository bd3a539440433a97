import type { LoneWorkerAlert } from '@vigie/contract/lone-worker.contract';
import { MapPin, UserRoundX } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';
import { useSession } from '../../lib/session';
import { useAcknowledgeLoneWorkerAlert } from './api/acknowledge-lone-worker-alert';
import { useActiveLoneWorkerAlerts } from './api/get-active-lone-worker-alerts';
import { clockTime, coordinates, mapUrl } from './lone-worker-format';

function AlertRow({ alert }: { alert: LoneWorkerAlert }) {
  const acknowledge = useAcknowledgeLoneWorkerAlert();
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-red-400/40 bg-red-950/60 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="lone-worker-alert"
    >
      <div className="flex min-w-0 flex-col gap-1 text-sm text-red-50">
        <p className="text-base font-bold text-white">
          {alert.agentName}
          {alert.siteName ? <span className="font-normal text-red-100"> — {alert.siteName}</span> : null}
        </p>
        <p>
          {t('Vérification de {due} sans réponse, alerte à {raised}', {
            due: clockTime(alert.dueAt),
            raised: clockTime(alert.raisedAt),
          })}
          {alert.answeredAt ? (
            <span className="font-semibold text-emerald-200">
              {' '}
              {t("· l'agent a répondu à {time}", { time: clockTime(alert.answeredAt) })}
            </span>
          ) : null}
        </p>
        {alert.position ? (
          <a
            href={mapUrl(alert.position.lat, alert.position.lng)}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-red-100 underline underline-offset-2 hover:text-white"
          >
            <MapPin aria-hidden="true" className="size-4" />
            {t('Dernière position {coordinates} à {time}', {
              coordinates: coordinates(alert.position.lat, alert.position.lng),
              time: clockTime(alert.position.at),
            })}
          </a>
        ) : (
          <p className="text-red-200">{t('Aucune position connue')}</p>
        )}
      </div>
      <Button
        variant="light"
        onClick={() =>
          acknowledge.mutate(alert.id, {
            onSuccess: () => toast.success(t('Alerte de {name} acquittée', { name: alert.agentName })),
            onError: (e) => toast.error(errorMessage(e, t("L'alerte n'a pas pu être acquittée"))),
          })
        }
        disabled={acknowledge.isPending}
        aria-label={t("Acquitter l'alerte de {name}", { name: alert.agentName })}
      >
        {t('Acquitter')}
      </Button>
    </li>
  );
}

/**
 * On every back-office page, for administrators and operators: the lone workers who did not answer
 * their check-in, until someone acknowledges each alert. Live through the event stream.
 */
export function LoneWorkerAlertsBanner() {
  const role = useSession().user?.role;
  const manager = role === 'admin' || role === 'operator';
  const alerts = useActiveLoneWorkerAlerts(manager);
  const list = alerts.data ?? [];
  if (!manager || list.length === 0) return null;
  return (
    <section
      aria-labelledby="lone-worker-alerts-title"
      className="border-b-2 border-red-500 bg-red-900/80 px-4 py-3 sm:px-6 lg:px-8"
      data-testid="lone-worker-alerts"
    >
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-3">
        <h2 id="lone-worker-alerts-title" className="flex items-center gap-2 text-base font-bold text-white">
          <UserRoundX aria-hidden="true" className="size-5 animate-pulse" />
          {t('Travailleur isolé sans réponse ({count})', { count: list.length })}
        </h2>
        <ul className="flex flex-col gap-2">
          {list.map((a) => (
            <AlertRow key={a.id} alert={a} />
          ))}
        </ul>
      </div>
    </section>
  );
}
