import type { AuditEntry } from '@vigie/contract/audit.contract';
import { useMemo } from 'react';
import { type DataColumn, DataList } from '../../../components/ui/data-list';
import { formatDateTime } from '../../../lib/format';
import { useSiteOptions } from '../../sites/api/get-site-options';
import { actionLabel } from './audit-actions';
import { describeDetails, type NameOf, siteIdKeys } from './audit-labels';

const columns = (nameOf: NameOf): DataColumn<AuditEntry>[] => [
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
    cell: (entry) =>
      `${entry.entity}${entry.entityId ? ` · ${(entry.entity === 'site' && nameOf('siteId', entry.entityId)) || entry.entityId}` : ''}`,
  },
  {
    id: 'details',
    header: 'Détails',
    wide: true,
    className: 'text-xs text-fg-muted wrap-anywhere',
    cell: (entry) => describeDetails(entry.details, entry.action, nameOf) || '—',
  },
];

/**
 * Journal entries, newest first: when, who, what (and on which object), from where — a table where
 * there is room, cards on a phone.
 */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  // Site ids in the details read as the sites' names once the company's sites are loaded (the
  // pickers' shared query); until then, and for a deleted site, the id stays.
  const sites = useSiteOptions();
  const cols = useMemo(() => {
    const names = new Map((sites.data ?? []).map((o) => [o.value, o.label]));
    return columns((key, id) => (siteIdKeys.has(key) ? names.get(id) : undefined));
  }, [sites.data]);
  return (
    <DataList
      caption="Journal d'audit, du plus récent au plus ancien"
      columns={cols}
      rows={entries}
      rowKey={(entry) => entry.id}
      rowProps={() => ({ 'data-testid': 'audit-entry' })}
    />
  );
}
