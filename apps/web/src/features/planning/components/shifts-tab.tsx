import type { Shift } from '@vigie/contract/planning.contract';
import { CalendarX2, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useDayShifts } from '../api/get-shifts';
import { formatLongDay } from './planning-dates';
import { ShiftRow } from './shift-row';

type ShiftsTabProps = {
  day: string;
  canManage: boolean;
  onEdit: (shift: Shift) => void;
  onCancel: (shift: Shift) => void;
};

/** 'Gardes du jour' for the chosen date. */
export function ShiftsTab({ day, canManage, onEdit, onCancel }: ShiftsTabProps) {
  const { data, isPending, isError, refetch } = useDayShifts(day);
  const shifts = [...(data ?? [])].sort((a, b) => a.start.localeCompare(b.start));
  const planned = shifts.filter((s) => s.status !== 'Annulé').length;

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-white">Gardes du jour</h2>
        <p className="text-sm text-fg-muted first-letter:uppercase">{formatLongDay(day)}</p>
        {data ? (
          <p className="text-sm text-slate-300" aria-live="polite">
            {planned} garde(s) programmée(s)
          </p>
        ) : null}
      </div>
      {isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Chargement des gardes…" />
        </div>
      ) : isError && !data ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <p className="text-red-200">Impossible de charger les gardes</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            <RefreshCw aria-hidden="true" />
            Réessayer
          </Button>
        </div>
      ) : shifts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <CalendarX2 aria-hidden="true" className="size-10 text-fg-muted" />
          <p className="text-fg-muted">Aucune garde programmée pour cette date</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {shifts.map((shift) => (
            <ShiftRow
              key={shift.id}
              shift={shift}
              canManage={canManage}
              onEdit={onEdit}
              onCancel={onCancel}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
