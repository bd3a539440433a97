import type { AlarmStatus } from '@vigie/contract/alarms.contract';
import { BellRing, CheckCheck, CircleCheck, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import { useAlarmCount } from '../api/get-alarm-count';

const counters: { status: AlarmStatus; label: string; icon: LucideIcon; tone: string }[] = [
  { status: 'active', label: 'Alarmes actives', icon: BellRing, tone: 'bg-red-500/15 text-red-300' },
  { status: 'acknowledged', label: 'Acquittées', icon: CheckCheck, tone: 'bg-amber-500/15 text-amber-300' },
  { status: 'resolved', label: 'Résolues', icon: CircleCheck, tone: 'bg-emerald-500/15 text-emerald-300' },
];

function Counter({ status, label, icon: Icon, tone }: (typeof counters)[number]) {
  const { data } = useAlarmCount(status);
  return (
    <Card className="flex items-center gap-4 p-5" data-testid={`alarm-counter-${status}`}>
      <span className={cn('flex size-11 items-center justify-center rounded-lg', tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="flex flex-col">
        <p className="text-sm text-fg-muted">{label}</p>
        <p className="text-2xl font-bold text-white" aria-live="polite">
          {data === undefined ? '—' : data}
        </p>
      </div>
    </Card>
  );
}

/** Totals per status for the whole company (not the filtered list). */
export function AlarmCounters() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {counters.map((counter) => (
        <Counter key={counter.status} {...counter} />
      ))}
    </div>
  );
}
