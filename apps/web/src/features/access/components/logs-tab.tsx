import { type AccessLog, accessLogNotice, accessLogStatuses } from '@vigie/contract/access.contract';
import { FileDown, Info, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LoadMore } from '../../../components/load-more';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { downloadAccessLogs } from '../api/export-access-logs';
import { type AccessLogFilters, useAccessLogs } from '../api/get-access-logs';
import { useAccessSites } from '../api/get-access-sites';
import { ALL, emptyLogFilters, type LogFilterValues, LogsFilters } from './logs-filters';
import { LogsList } from './logs-list';

const isLogStatus = (v: string): v is AccessLog['status'] =>
  (accessLogStatuses as readonly string[]).includes(v);

function toQuery(values: LogFilterValues, search: string): AccessLogFilters {
  const badRange = values.from !== '' && values.to !== '' && values.from > values.to;
  return {
    search: search || undefined,
    status: isLogStatus(values.status) ? values.status : undefined,
    siteId: values.siteId === ALL ? undefined : values.siteId,
    from: values.from || undefined,
    // An inverted range would only ever answer nothing: keep the start, tell the user (filters).
    to: badRange ? undefined : values.to || undefined,
  };
}

/** The server counts a search's matches up to 501: beyond, say "more than". */
const SEARCH_COUNT_CAP = 500;
function countLabel(shown: number, total: number) {
  if (total > SEARCH_COUNT_CAP) return t('Les {shown} passages les plus récents sur plus de 500', { shown });
  if (total > shown) return t('Les {shown} passages les plus récents sur {total}', { shown, total });
  return t('{count, plural, one {{count} passage} other {{count} passages}}', { count: total });
}

/** Journal des accès: every check of every reader, newest first; new lines arrive in real time. */
export function LogsTab({ timezone }: { timezone?: string }) {
  const [filters, setFilters] = useState<LogFilterValues>(emptyLogFilters);
  const search = useDebouncedValue(filters.search.trim(), 300);
  const query = useAccessLogs(toQuery(filters, search));
  const sites = useAccessSites();
  const logs = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadAccessLogs(toQuery(filters, search), format);
      toast.success(t('Journal exporté'));
    } catch (err) {
      toast.error(errorMessage(err, t("Impossible d'exporter le journal")));
    } finally {
      setExporting(null);
    }
  };
  const filtered =
    search !== '' || filters.status !== ALL || filters.siteId !== ALL || !!filters.from || !!filters.to;

  return (
    <div className="flex flex-col gap-4">
      <p className="flex gap-2 rounded-lg border border-blue-500/30 bg-blue-500/10 p-3 text-sm text-blue-100">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="font-medium">{t('Information des personnes badgées :')} </span>
          {t(accessLogNotice)}
        </span>
      </p>

      <LogsFilters values={filters} onChange={setFilters} sites={sites.data ?? []} />

      <QueryState
        query={query}
        loading={t('Chargement du journal…')}
        error={t('Impossible de charger le journal des accès')}
        empty={{
          when: logs.length === 0,
          icon: ScrollText,
          title: t('Aucun passage trouvé'),
          hint: filtered
            ? t('Essayez une autre recherche ou d’autres filtres.')
            : t('Les passages apparaîtront ici dès qu’un lecteur contrôlera un badge.'),
        }}
      >
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-fg-muted" aria-live="polite" data-testid="access-logs-count">
              {countLabel(logs.length, total)}
            </p>
            {/* The filtered lines, as the screen shows them; each export is written to the audit log. */}
            <div className="flex gap-2">
              {(['xlsx', 'csv'] as const).map((format) => (
                <Button
                  key={format}
                  variant="outline"
                  size="sm"
                  onClick={() => void exportAs(format)}
                  disabled={exporting !== null}
                >
                  <FileDown aria-hidden="true" />
                  {exporting === format
                    ? t('Export...')
                    : format === 'xlsx'
                      ? t('Exporter Excel')
                      : t('Exporter CSV')}
                </Button>
              ))}
            </div>
          </div>
          <LogsList logs={logs} timezone={timezone} />
          <LoadMore list={query} />
        </div>
      </QueryState>
    </div>
  );
}
