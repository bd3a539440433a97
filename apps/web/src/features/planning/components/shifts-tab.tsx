import type { Shift } from '@vigie/contract/planning.contract';
import { CalendarX2 } from 'lucide-react';
import { QueryState } from '../../../components/query-state';
import { Card } from '../../../components/ui/card';
import { t } from '../../../lib/i18n/i18n';
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
  const list = useDayShifts(day);
  const { data } = list;
  const shifts = [...(data ?? [])].sort((a, b) => a.start.localeCompare(b.start));
  // i18n: not shown (a stored status compared, not a text)
  const planned = shifts.filter((s) => s.status !== 'Annulé').length;

  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-white">{t('Gardes du jour')}</h2>
        <p className="text-sm text-fg-muted first-letter:uppercase">{formatLongDay(day)}</p>
        {data ? (
          <p className="text-sm text-slate-300" aria-live="polite">
            {t('{count} garde(s) programmée(s)', { count: planned })}
          </p>
        ) : null}
      </div>
      <QueryState
        query={list}
        layout="card"
        loading={t('Chargement des gardes…')}
        error={t('Impossible de charger les gardes')}
        empty={{
          when: shifts.length === 0,
          icon: CalendarX2,
          title: t('Aucune garde programmée pour cette date'),
        }}
      >
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
      </QueryState>
    </Card>
  );
}
