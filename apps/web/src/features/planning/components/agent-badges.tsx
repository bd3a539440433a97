import {
  type Agent,
  type AgentStatus,
  agentLevelLabels,
  agentStatusLabels,
  type LicenceAlertDto,
} from '@vigie/contract/agents.contract';
import { ShieldAlert } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';

const statusDots: Record<AgentStatus, string> = {
  actif: 'bg-emerald-400',
  'en service': 'bg-blue-400',
  repos: 'bg-slate-400',
  'en congé': 'bg-amber-400',
  indisponible: 'bg-red-400',
};

/** Spec: a status dot and the status label. */
export function AgentStatusIndicator({ status, className }: { status: AgentStatus; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm text-slate-200', className)}>
      <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', statusDots[status])} />
      {t(agentStatusLabels[status])}
    </span>
  );
}

export function AgentLevelBadge({ level }: { level: Agent['level'] }) {
  return <Badge tone={level === 'expert' ? 'accent' : 'neutral'}>{t(agentLevelLabels[level])}</Badge>;
}

/** A missing or expired licence is red (the agent cannot be planned), an upcoming expiry amber. */
export function isBlockingAlert(alert: LicenceAlertDto) {
  return alert.kind === 'cnaps_missing' || alert.kind.endsWith('_expired');
}

/** One badge summing the agent's licence alerts; the detail lists each of them. */
export function LicenceAlertBadge({ alerts }: { alerts: readonly LicenceAlertDto[] }) {
  if (alerts.length === 0) return null;
  const blocking = alerts.some(isBlockingAlert);
  const first = alerts.find(isBlockingAlert) ?? alerts[0];
  const label =
    alerts.length === 1 && first
      ? first.message
      : blocking
        ? t('{count} alertes carte ou qualification', { count: alerts.length })
        : t('{count} échéances proches', { count: alerts.length });
  return (
    <Badge tone={blocking ? 'danger' : 'warning'} title={alerts.map((a) => a.message).join('\n')}>
      <ShieldAlert aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="line-clamp-2">{label}</span>
    </Badge>
  );
}
