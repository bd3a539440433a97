import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';

type StatCardProps = { title: string; value: string; detail: string; icon: LucideIcon; tone: string };

export function StatCard({ title, value, detail, icon: Icon, tone }: StatCardProps) {
  return (
    <Card className="flex items-start justify-between gap-4 p-5">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="text-sm font-medium text-fg-muted">{title}</h2>
        <p className="text-3xl font-bold text-white tabular-nums">{value}</p>
        <p className="text-xs text-fg-muted">{detail}</p>
      </div>
      <span className={`flex size-11 shrink-0 items-center justify-center rounded-xl ${tone}`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
    </Card>
  );
}
