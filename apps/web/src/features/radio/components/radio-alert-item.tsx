import type { RadioAlert } from '@vigie/contract/radio-traffic.contract';
import { Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { RadioAlertStatusBadge, RadioAlertTypeBadge } from './radio-badges';
import { ofName } from './radio-format';

type RadioAlertItemProps = { alert: RadioAlert; timezone?: string; onOpen: (id: string) => void };

/** One open alert of the emergency card: what, who, when, and the AI's advice. */
export function RadioAlertItem({ alert, timezone, onOpen }: RadioAlertItemProps) {
  const who = alert.agentName ?? t('Agent non identifié');
  return (
    <li
      data-testid="radio-alert-item"
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-ink-700 border-l-4 bg-ink-900/60 p-3',
        alert.status === 'active' ? 'border-l-red-500' : 'border-l-amber-500',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <RadioAlertTypeBadge type={alert.type} />
        <RadioAlertStatusBadge status={alert.status} />
        <span className="ml-auto text-xs text-fg-muted">{formatDateTime(alert.createdAt, timezone)}</span>
      </div>
      <p className="font-medium break-words text-white">
        {who}
        {alert.siteName ? <span className="font-normal text-fg-muted"> · {alert.siteName}</span> : null}
      </p>
      <p className="text-sm break-words text-slate-200">{alert.description}</p>
      <p className="flex gap-2 text-sm text-blue-200">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span className="break-words">{alert.aiRecommendation}</span>
      </p>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => onOpen(alert.id)}
        aria-label={t("Détails de l'alerte {agent}", { agent: ofName(who) })}
      >
        {t('Détails')}
      </Button>
    </li>
  );
}
