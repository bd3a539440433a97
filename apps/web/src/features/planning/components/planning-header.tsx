import { CalendarDays, FileSpreadsheet, Plus, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { t } from '../../../lib/i18n/i18n';

type PlanningHeaderProps = {
  day: string;
  today: string;
  onDayChange: (day: string) => void;
  canManage: boolean;
  isAdmin: boolean;
  onNewAgent: () => void;
  onNewShift: () => void;
  onExport: () => void;
};

/** Title, the chosen date and the actions (managers create, administrators export the payroll). */
export function PlanningHeader({
  day,
  today,
  onDayChange,
  canManage,
  isAdmin,
  onNewAgent,
  onNewShift,
  onExport,
}: PlanningHeaderProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {t('Planning des Agents')}
          </h1>
          <p className="text-fg-muted">{t('Gardes, affectations par site et fiches de vos agents.')}</p>
        </div>
        {canManage ? (
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            <Button variant="secondary" onClick={onNewAgent} className="flex-1 sm:flex-none">
              <UserPlus aria-hidden="true" />
              {t('Nouvel agent')}
            </Button>
            <Button onClick={onNewShift} className="flex-1 sm:flex-none">
              <Plus aria-hidden="true" />
              {t('Nouvelle garde')}
            </Button>
            {isAdmin ? (
              <Button variant="outline" onClick={onExport} className="flex-1 sm:flex-none">
                <FileSpreadsheet aria-hidden="true" />
                {t('Export paie')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="planning-date" className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4 text-blue-300" />
            {t('Date du planning')}
          </Label>
          <Input
            id="planning-date"
            type="date"
            value={day}
            onChange={(event) => {
              if (event.target.value) onDayChange(event.target.value);
            }}
            className="w-44"
          />
        </div>
        {day !== today ? (
          <Button variant="ghost" onClick={() => onDayChange(today)}>
            {t("Aujourd'hui")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
