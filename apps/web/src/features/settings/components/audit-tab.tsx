import { FileDown, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LoadMore } from '../../../components/load-more';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { downloadAudit } from '../api/export-audit';
import { type AuditFilters as AuditQuery, useAudit } from '../api/get-audit';
import { AuditFilters, type AuditFilterValues, emptyAuditFilters } from './audit-filters';
import { AuditList } from './audit-list';
import type { UseAuditNames } from './audit-objects';

function toQuery(values: AuditFilterValues, search: string): AuditQuery {
  const badRange = values.from !== '' && values.to !== '' && values.from > values.to;
  return {
    search: search || undefined,
    action: values.action === 'all' ? undefined : values.action,
    from: values.from || undefined,
    // An inverted range answers nothing (and a 422): keep the start, the filters say why.
    to: badRange ? undefined : values.to || undefined,
  };
}

/** The journal's total is counted up to this many, one more meaning "more" (audit.repository.ts). */
const AUDIT_COUNT_CAP = 1_000;

function countLabel(shown: number, total: number) {
  if (total > AUDIT_COUNT_CAP)
    return t('Les {shown} entrées les plus récentes sur plus de 1\u00a0000', { shown });
  if (total > shown) return t('Les {shown} entrées les plus récentes sur {total}', { shown, total });
  return t('{count, plural, one {{count} entrée} other {{count} entrées}}', { count: total });
}

/** Paramètres · Journal d'audit (administrators): who did what, when, from where. */
export function AuditTab({ useAuditNames }: { useAuditNames: UseAuditNames }) {
  const [filters, setFilters] = useState<AuditFilterValues>(emptyAuditFilters);
  const search = useDebouncedValue(filters.search.trim(), 300);
  const query = useAudit(toQuery(filters, search));
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const [exporting, setExporting] = useState(false);
  const filtered = search !== '' || filters.action !== 'all' || !!filters.from || !!filters.to;

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAudit(toQuery(filters, search));
      toast.success(t("Journal d'audit exporté"));
    } catch (error) {
      toast.error(t('Erreur'), {
        description: errorMessage(error, t("Impossible d'exporter le journal d'audit")),
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <AuditFilters values={filters} onChange={setFilters} />
      <QueryState
        query={query}
        loading={t("Chargement du journal d'audit…")}
        error={t("Impossible de charger le journal d'audit")}
        empty={{
          when: entries.length === 0,
          icon: ScrollText,
          title: t('Aucune entrée trouvée'),
          hint: filtered
            ? t('Essayez une autre recherche ou d’autres filtres.')
            : t('Les actions des utilisateurs apparaîtront ici.'),
        }}
      >
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-fg-muted" aria-live="polite" data-testid="audit-count">
              {countLabel(entries.length, total)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={exporting}>
              <FileDown aria-hidden="true" />
              {exporting ? t('Export...') : t('Exporter CSV')}
            </Button>
          </div>
          <AuditList entries={entries} useAuditNames={useAuditNames} />
          <LoadMore list={query} label={t('Afficher plus')} />
        </div>
      </QueryState>
    </div>
  );
}
