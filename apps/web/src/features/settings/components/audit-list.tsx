import type { AuditEntry } from '@vigie/contract/audit.contract';
import { type DataColumn, DataList } from '../../../components/ui/data-list';
import { formatDateTime } from '../../../lib/format';
import { actionLabel } from './audit-actions';
import { describeDetails } from './audit-labels';

const columns: DataColumn<AuditEntry>[] = [
  {
    id: 'at',
    header: 'Date et heure',
    className: 'tabular-nums text-fg-muted @3xl:whitespace-nowrap',
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
  },
  {
    id: 'action',
    header: 'Action',
    primary: true,
    cell: (entry) => (
      <span className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium text-white">{actionLabel(entry.action)}</span>
        <code className="text-xs font-normal text-fg-muted">{entry.action}</code>
      </span>
    ),
  },
  { id: 'actor', header: 'Auteur', cell: (entry) => entry.actorName ?? 'Système' },
  {
    id: 'ip',
    header: 'Adresse IP',
    className: 'font-mono text-xs',
    cell: (entry) => entry.ip ?? '—',
  },
  {
    id: 'entity',
    header: 'Objet',
    wide: true,
    className: 'text-fg-muted wrap-anywhere',
    cell: (entry) => `${entry.entity}${entry.entityId ? ` · ${entry.entityId}` : ''}`,
  },
  {
    id: 'details',
    header: 'Détails',
    wide: true,
    className: 'text-xs text-fg-muted wrap-anywhere',
    cell: (entry) => describeDetails(entry.details, entry.action) || '—',
  },
];

/**
 * Journal entries, newest first: when, who, what (and on which object), from where — a table where
 * there is room, cards on a phone.
 */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataList
      caption="Journal d'audit, du plus récent au plus ancien"
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.id}
      rowProps={() => ({ 'data-testid': 'audit-entry' })}
    />
  );
}
