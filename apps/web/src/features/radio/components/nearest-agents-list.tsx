import type { NearestAgent, RadioAlertWithNearest } from '@vigie/contract/radio-traffic.contract';
import { Send, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDispatchRadioAlert } from '../api/dispatch-radio-alert';
import { formatAge, formatDistance } from './radio-format';

const sourceLabels: Record<NearestAgent['positionSource'], string> = { radio: 'radio', phone: 'téléphone' };

type NearestAgentsListProps = { alert: RadioAlertWithNearest; canManage: boolean };

/** The agents on duty closest to the alert, each with 'Envoyer'. */
export function NearestAgentsList({ alert, canManage }: NearestAgentsListProps) {
  const dispatch = useDispatchRadioAlert();
  const canDispatch = canManage && alert.status !== 'resolved';

  const send = async (agent: NearestAgent) => {
    try {
      await dispatch.mutateAsync({ id: alert.id, agentId: agent.agentId });
      toast.success(t('Agent envoyé'), {
        description: t("{name} (à {distance}) part sur l'alerte.", {
          name: agent.name,
          distance: formatDistance(agent.distanceM),
        }),
      });
    } catch (error) {
      toast.error(t('Erreur'), { description: errorMessage(error, t("Impossible d'envoyer l'agent")) });
    }
  };

  if (alert.nearestAgents.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-ink-600 p-3 text-sm text-fg-muted">
        {t('Aucun agent disponible à proximité (en service avec une position de moins de 15 minutes)')}
      </p>
    );
  }
  const now = Date.now();
  return (
    <ul
      className="divide-y divide-ink-700 rounded-lg border border-ink-700"
      aria-label={t('Agents les plus proches')}
    >
      {alert.nearestAgents.map((agent) => {
        const sent = alert.dispatchedAgent?.agentId === agent.agentId;
        return (
          <li
            key={agent.agentId}
            data-testid="nearest-agent"
            className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 items-start gap-3">
              <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-fg-muted" />
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="font-medium break-words text-white">
                  {agent.name}{' '}
                  <span className="font-semibold text-blue-200">· {formatDistance(agent.distanceM)}</span>
                </p>
                <p className="text-xs text-fg-muted">
                  {t('Position {age} ({source})', {
                    age: formatAge(agent.positionAt, now),
                    source: t(sourceLabels[agent.positionSource]),
                  })}
                  {agent.siteName ? ` · ${agent.siteName}` : ''}
                </p>
              </div>
            </div>
            {sent ? (
              <Badge tone="success" className="self-start sm:self-auto">
                {t('Envoyé')}
              </Badge>
            ) : canDispatch ? (
              <Button
                size="sm"
                className="self-start sm:self-auto"
                disabled={dispatch.isPending}
                onClick={() => void send(agent)}
                aria-label={t('Envoyer {name}', { name: agent.name })}
              >
                <Send aria-hidden="true" />
                {t('Envoyer')}
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
