import { type AccessLog, badgeTypeLabels } from '@vigie/contract/access.contract';
import { type DataColumn, DataList } from '../../../components/ui/data-list';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { LogStatusBadge } from './access-status';

type LogsListProps = { logs: AccessLog[]; timezone?: string };

const dash = (value: string | null) => value || '—';

/** The status, and for a refusal its reason (the reader showed the same words). */
function StatusCell({ log }: { log: AccessLog }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <LogStatusBadge status={log.status} />
      {/* i18n: not shown (a stored status compared, not a text) */}
      {log.status === 'Refusé' && log.reason ? (
        <span className="text-xs text-red-200" data-testid="access-log-reason">
          {log.reason}
        </span>
      ) : null}
    </div>
  );
}

/** A table where it has room; cards on phones, where eight columns cannot fit. */
export function LogsList({ logs, timezone }: LogsListProps) {
  const columns: DataColumn<AccessLog>[] = [
    {
      id: 'time',
      header: t('Date et heure'),
      className: '@3xl:whitespace-nowrap',
      cell: (log) => <time dateTime={log.timestamp}>{formatDateTime(log.timestamp, timezone)}</time>,
    },
    { id: 'person', header: t('Personne'), primary: true, cell: (log) => log.personName },
    {
      id: 'badge',
      header: t('Badge'),
      className: 'font-mono text-xs @3xl:whitespace-nowrap',
      cell: (log) => dash(log.badgeId),
    },
    { id: 'department', header: t('Service'), cell: (log) => dash(log.department) },
    { id: 'site', header: t('Site'), cell: (log) => log.siteName },
    { id: 'location', header: t('Emplacement'), cell: (log) => log.location },
    {
      id: 'type',
      header: t('Type'),
      className: '@3xl:whitespace-nowrap',
      cell: (log) => t(badgeTypeLabels[log.accessType]),
    },
    { id: 'status', header: t('Statut'), cell: (log) => <StatusCell log={log} /> },
  ];
  return (
    <DataList
      caption={t('Journal des accès, du plus récent au plus ancien')}
      columns={columns}
      rows={logs}
      rowKey={(log) => log.id}
      rowProps={(log) => ({ 'data-testid': 'access-log-row', 'data-status': log.status })}
      tableClassName="@3xl:min-w-[900px]"
    />
  );
}
