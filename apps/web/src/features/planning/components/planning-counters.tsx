import { CalendarCheck, type LucideIcon, Palmtree, ShieldCheck, Timer } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { usePlanningSummary } from '../api/get-planning-summary';

type CounterProps = {
  id: string;
  label: string;
  value: number | undefined;
  hint?: string;
  icon: LucideIcon;
  tone: string;
};

function Counter({ id, label, value, hint, icon: Icon, tone }: CounterProps) {
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-5" data-testid={`planning-counter-${id}`}>
      <span className={cn('hidden size-11 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="flex min-w-0 flex-col">
        <p className="truncate text-xs text-fg-muted sm:text-sm">{label}</p>
        <p className="text-2xl font-bold text-white" aria-live="polite">
          {value === undefined ? '—' : value}
          {hint && value !== undefined ? (
            <span className="ml-1 text-sm font-normal text-fg-muted">{hint}</span>
          ) : null}
        </p>
      </div>
    </Card>
  );
}

/** Spec: agents actifs, gardes en cours, gardes programmées, en congé — for the chosen date. */
export function PlanningCounters({ day }: { day: string }) {
  const { data } = usePlanningSummary(day);
  return (
    <div className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4">
      <Counter
        id="active"
        label={t('Agents actifs')}
        value={data?.activeAgents}
        hint={data ? `/ ${data.totalAgents}` : undefined}
        icon={ShieldCheck}
        tone="bg-emerald-500/15 text-emerald-300"
      />
      <Counter
        id="in-progress"
        label={t('Gardes en cours')}
        value={data?.shiftsInProgress}
        icon={Timer}
        tone="bg-blue-500/15 text-blue-300"
      />
      <Counter
        id="scheduled"
        label={t('Gardes programmées')}
        value={data?.shiftsScheduled}
        icon={CalendarCheck}
        tone="bg-violet-500/15 text-violet-300"
      />
      <Counter
        id="on-leave"
        label={t('En congé')}
        value={data?.onLeave}
        icon={Palmtree}
        tone="bg-amber-500/15 text-amber-300"
      />
    </div>
  );
}
