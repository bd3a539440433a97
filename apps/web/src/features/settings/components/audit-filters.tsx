import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { t } from '../../../lib/i18n/i18n';
import { actionCategories } from './audit-actions';

export type AuditFilterValues = { search: string; action: string; from: string; to: string };
export const emptyAuditFilters: AuditFilterValues = { search: '', action: 'all', from: '', to: '' };

type AuditFiltersProps = { values: AuditFilterValues; onChange: (values: AuditFilterValues) => void };

/** Search, kind of action and a range of days (the reader's timezone), applied by the server. */
export function AuditFilters({ values, onChange }: AuditFiltersProps) {
  const set = (patch: Partial<AuditFilterValues>) => onChange({ ...values, ...patch });
  const badRange = values.from !== '' && values.to !== '' && values.from > values.to;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 md:grid-cols-2">
        <SearchInput
          aria-label={t('Rechercher dans le journal')}
          placeholder={t('Rechercher (utilisateur, action, objet, détails)...')}
          value={values.search}
          onChange={(event) => set({ search: event.target.value })}
        />
        <Select
          aria-label={t("Filtrer par type d'action")}
          options={actionCategories.map((c) => ({ value: c.value, label: t(c.label) }))}
          value={values.action}
          onValueChange={(action) => set({ action })}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">{t('Du')}</Label>
          <Input
            id="audit-from"
            type="date"
            value={values.from}
            max={values.to || undefined}
            onChange={(event) => set({ from: event.target.value })}
            className="[color-scheme:dark] sm:w-44"
            aria-invalid={badRange ? true : undefined}
            aria-describedby={badRange ? 'audit-range-error' : undefined}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">{t('Au')}</Label>
          <Input
            id="audit-to"
            type="date"
            value={values.to}
            min={values.from || undefined}
            onChange={(event) => set({ to: event.target.value })}
            className="[color-scheme:dark] sm:w-44"
            aria-invalid={badRange ? true : undefined}
            aria-describedby={badRange ? 'audit-range-error' : undefined}
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
        <p id="audit-range-error" role="alert" className="text-sm text-red-300">
          {t('La date de fin doit suivre la date de début.')}
        </p>
      ) : null}
    </div>
  );
}
