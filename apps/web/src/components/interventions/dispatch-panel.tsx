// The control room's dispatch panel (alarm details, the map): the running intervention with its
// clock and steps, or the agents on duty nearest to the site to send one. Shared component: the
// alarms and map features both embed it.
import type { Intervention, InterventionCandidate } from '@vigie/contract/interventions.contract';
import { Navigation, Radio, Send, Smartphone, X } from 'lucide-react';
import { errorMessage } from '../../lib/api-errors';
import { t } from '../../lib/i18n/i18n';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import {
  formatAge,
  formatClock,
  formatDistance,
  isRunning,
  stateLabel,
  stateTone,
} from './intervention-format';
import { useCancelIntervention, useCandidates, useInterventionsOf, usePropose } from './interventions-api';
import { useNow } from './use-now';

type DispatchPanelProps = {
  /** The alarm the intervention answers (its site is the destination)… */
  alarmId?: string;
  /** …or, without an alarm (from the map), the site to send an agent to. */
  siteId?: string;
  /** Administrators and operators send; others only see. */
  canManage: boolean;
};

function Clock({ intervention, now }: { intervention: Intervention; now: number }) {
  const i = intervention;
  if (i.state === 'proposed' && i.acceptDueAt) {
    const left = Date.parse(i.acceptDueAt) - now;
    return (
      <span className="tabular-nums">
        {left > 0
          ? t('Réponse attendue : {clock}', { clock: formatClock(left) })
          : t('Délai dépassé : proposition au suivant…')}
      </span>
    );
  }
  if ((i.state === 'accepted' || i.state === 'en_route') && i.acceptedAt) {
    return (
      <span className="tabular-nums">
        {t('Acceptée il y a {clock} · objectif {minutes} min', {
          clock: formatClock(now - Date.parse(i.acceptedAt)),
          minutes: i.arriveMinutes,
        })}
      </span>
    );
  }
  if (i.state === 'on_site' && i.onSiteAt) {
    return (
      <span className="tabular-nums">
        {t('Sur place depuis {clock}', { clock: formatClock(now - Date.parse(i.onSiteAt)) })}
      </span>
    );
  }
  return null;
}

function RunningIntervention({
  intervention,
  canManage,
}: {
  intervention: Intervention;
  canManage: boolean;
}) {
  const now = useNow();
  const cancel = useCancelIntervention();
  const i = intervention;
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-ink-600 bg-ink-800/60 p-3"
      data-testid="intervention-running"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={stateTone(i.state)}>{stateLabel(i.state)}</Badge>
        {i.late === 'alert' ? (
          <Badge tone="danger">{t('Toujours pas sur place')}</Badge>
        ) : i.late === 'warning' ? (
          <Badge tone="warning">{t('En retard')}</Badge>
        ) : null}
        <span className="text-sm font-medium text-white">{i.agentName}</span>
      </div>
      <p className="text-sm text-slate-300">
        <Clock intervention={i} now={now} />
      </p>
      {i.onSiteBy ? (
        <p className="text-xs text-fg-muted">
          {i.onSiteBy === 'geofence'
            ? t('Arrivée confirmée par la position du téléphone')
            : t('Arrivée confirmée par un point de contrôle scanné')}
        </p>
      ) : null}
      {canManage ? (
        <div>
          <Button
            size="sm"
            variant="danger-ghost"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({ id: i.id })}
          >
            <X aria-hidden="true" />
            {t("Annuler l'intervention")}
          </Button>
          {cancel.isError ? (
            <p role="alert" className="text-sm text-red-300">
              {errorMessage(cancel.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function CandidateRow({
  c,
  canManage,
  pending,
  onSend,
}: {
  c: InterventionCandidate;
  canManage: boolean;
  pending: boolean;
  onSend: () => void;
}) {
  const SourceIcon = c.positionSource === 'radio' ? Radio : Smartphone;
  return (
    <li className="flex items-center gap-3 py-2">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-white">{c.name}</span>
        <span className="flex items-center gap-1 text-xs text-fg-muted">
          {c.positionSource ? <SourceIcon aria-hidden="true" className="size-3.5" /> : null}
          {formatDistance(c.distanceM)}
          {c.positionAgeSeconds !== null ? ` · ${formatAge(c.positionAgeSeconds)}` : ''}
        </span>
      </div>
      {c.busy ? <Badge tone="warning">{t('Occupé')}</Badge> : null}
      {canManage ? (
        <Button
          size="sm"
          variant={c.busy ? 'outline' : 'primary'}
          disabled={c.busy || pending}
          onClick={onSend}
          aria-label={t('Envoyer {name}', { name: c.name })}
        >
          <Send aria-hidden="true" />
          {t('Envoyer')}
        </Button>
      ) : null}
    </li>
  );
}

/** The intervention of an alarm (or a site): follow the running one, or choose whom to send. */
export function DispatchPanel({ alarmId, siteId, canManage }: DispatchPanelProps) {
  const target = alarmId ? { alarmId } : { siteId };
  const list = useInterventionsOf(target);
  const latest = list.data?.[0];
  const running = latest && isRunning(latest.state) ? latest : null;
  const candidates = useCandidates(target, canManage && !running);
  const propose = usePropose();
  const refused = latest?.state === 'refused' ? latest : null;

  return (
    <section className="flex flex-col gap-3" aria-labelledby="dispatch-title" data-testid="dispatch-panel">
      <h3 id="dispatch-title" className="flex items-center gap-2 text-sm font-semibold text-white">
        <Navigation aria-hidden="true" className="size-4 text-blue-300" />
        {t('Intervention')}
      </h3>
      {list.isPending ? <Spinner label={t('Chargement…')} /> : null}
      {running ? <RunningIntervention intervention={running} canManage={canManage} /> : null}
      {refused ? (
        <p className="rounded-lg border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-100">
          {refused.refusalReason
            ? t('Refusée par {name} : « {reason} ». Proposez-la à un autre agent.', {
                name: refused.agentName,
                reason: refused.refusalReason,
              })
            : t('Refusée par {name}. Proposez-la à un autre agent.', { name: refused.agentName })}
        </p>
      ) : null}
      {latest?.state === 'done' ? (
        <p className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-3 text-sm text-emerald-100">
          {latest.report
            ? t('Terminée par {name} : « {report} »', { name: latest.agentName, report: latest.report })
            : t('Terminée par {name}', { name: latest.agentName })}
        </p>
      ) : null}
      {!running && canManage ? (
        <div className="flex flex-col gap-1">
          <p className="text-xs text-fg-muted">{t('Agents en service, du plus proche au plus loin')}</p>
          {candidates.isPending ? (
            <Spinner label={t('Recherche des agents…')} />
          ) : candidates.isError ? (
            <p role="alert" className="text-sm text-red-300">
              {errorMessage(candidates.error, t('Impossible de lister les agents en service'))}
            </p>
          ) : candidates.data.length === 0 ? (
            <p className="text-sm text-slate-300">{t("Aucun agent en service pour l'instant.")}</p>
          ) : (
            <ul className="divide-y divide-ink-700">
              {candidates.data.map((c) => (
                <CandidateRow
                  key={c.agentId}
                  c={c}
                  canManage={canManage}
                  pending={propose.isPending}
                  onSend={() =>
                    propose.mutate({
                      ...target,
                      agentId: c.agentId,
                      ...(refused ? { interventionId: refused.id } : {}),
                    })
                  }
                />
              ))}
            </ul>
          )}
          {propose.isError ? (
            <p role="alert" className="text-sm text-red-300">
              {errorMessage(propose.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
