import type { AlarmStatus } from '@vigie/contract/alarms.contract';
import { BellRing, CheckCheck, CircleCheck, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { intlLocale } from '../../../lib/format';
import { msg, t } from '../../../lib/i18n/i18n';
import { cn } from '../../../lib/utils';
import { useAlarmCount } from '../api/get-alarm-count';

const counters: { status: AlarmStatus; label: string; icon: LucideIcon; tone: string }[] = [
  { status: 'active', label: msg('Actives'), icon: BellRing, tone: 'bg-red-500/15 text-red-300' },
  {
    status: 'acknowledged',
    label: msg('Acquittées'),
    icon: CheckCheck,
    tone: 'bg-amber-500/15 text-amber-300',
  },
  {
    status: 'resolved',
    label: msg('Résolues'),
    icon: CircleCheck,
    tone: 'bg-emerald-500/15 text-emerald-300',
  },
];

function Counter({ status, label, icon: Icon, tone }: (typeof counters)[number]) {
  const { data } = useAlarmCount(status);
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-5" data-testid={`alarm-counter-${status}`}>
      <span className={cn('hidden size-11 shrink-0 items-center justify-center rounded-lg sm:flex', tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="flex min-w-0 flex-col">
        <p className="truncate text-xs text-fg-muted sm:text-sm">{t(label)}</p>
        <p className="text-2xl font-bold text-white" aria-live="polite">
          {data === undefined ? '—' : data.toLocaleString(intlLocale())}
        </p>
      </div>
    </Card>
  );
}

/** Totals per status for the whole company (not the filtered list). */
export function AlarmCounters() {
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      {counters.map((counter) => (
        <Counter key={counter.status} {...counter} />
      ))}
    </div>
  );
}
