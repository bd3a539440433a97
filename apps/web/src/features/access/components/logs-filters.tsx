import { accessLogStatuses } from '@vigie/contract/access.contract';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { SearchInput } from '../../../components/ui/search-input';
import { Select, type SelectOption } from '../../../components/ui/select';
import { t } from '../../../lib/i18n/i18n';
import { logStatusLabels } from './access-status';

/** Value of the selects meaning 'no filter' (a Radix Select item cannot have an empty value). */
export const ALL = 'all';

export type LogFilterValues = { search: string; status: string; siteId: string; from: string; to: string };

export const emptyLogFilters: LogFilterValues = { search: '', status: ALL, siteId: ALL, from: '', to: '' };

type LogsFiltersProps = {
  values: LogFilterValues;
  onChange: (values: LogFilterValues) => void;
  sites: readonly { id: string; name: string }[];
};

/** Search (name, badge or department), status, site and a range of days: all applied server-side. */
export function LogsFilters({ values, onChange, sites }: LogsFiltersProps) {
  const set = (patch: Partial<LogFilterValues>) => onChange({ ...values, ...patch });
  const statusOptions: SelectOption[] = [
    { value: ALL, label: t('Tous les statuts') },
    ...accessLogStatuses.map((s) => ({ value: s, label: t(logStatusLabels[s]) })),
  ];
  const siteOptions: SelectOption[] = [
    { value: ALL, label: t('Tous les sites') },
    ...sites.map((s) => ({ value: s.id, label: s.name })),
  ];
  const badRange = values.from !== '' && values.to !== '' && values.from > values.to;

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]">
        <SearchInput
          wrapperClassName="md:col-span-2 xl:col-span-1"
          aria-label={t('Rechercher par nom, badge ou service')}
          placeholder={t('Rechercher par nom, badge ou service...')}
          value={values.search}
          onChange={(event) => set({ search: event.target.value })}
        />
        <Select
          aria-label={t('Filtrer par statut')}
          options={statusOptions}
          value={values.status}
          onValueChange={(status) => set({ status })}
        />
        <Select
          aria-label={t('Filtrer par site')}
          options={siteOptions}
          value={values.siteId}
          onValueChange={(siteId) => set({ siteId })}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="access-logs-from">{t('Du')}</Label>
          <Input
            id="access-logs-from"
            type="date"
            value={values.from}
            max={values.to || undefined}
            onChange={(event) => set({ from: event.target.value })}
            className="[color-scheme:dark] sm:w-44"
            aria-invalid={badRange ? true : undefined}
            aria-describedby={badRange ? 'access-logs-range-error' : undefined}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="access-logs-to">{t('Au')}</Label>
          <Input
            id="access-logs-to"
            type="date"
            value={values.to}
            min={values.from || undefined}
            onChange={(event) => set({ to: event.target.value })}
            className="[color-scheme:dark] sm:w-44"
            aria-invalid={badRange ? true : undefined}
            aria-describedby={badRange ? 'access-logs-range-error' : undefined}
          />
        </div>
        {values.from || values.to ? (
          <button
            type="button"
            onClick={() => set({ from: '', to: '' })}
            className="col-span-2 h-10 justify-self-start rounded-lg px-2 text-sm text-blue-300 hover:text-blue-200 hover:underline"
          >
            {t('Effacer les dates')}
          </button>
        ) : null}
      </div>
      {badRange ? (
        <p id="access-logs-range-error" role="alert" className="text-sm text-red-300">
          {t('La date de début doit précéder la date de fin.')}
        </p>
      ) : null}
    </div>
  );
}
