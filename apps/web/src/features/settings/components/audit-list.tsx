import type { AuditEntry } from '@vigie/contract/audit.contract';
import { useMemo } from 'react';
import { type DataColumn, DataList } from '../../../components/ui/data-list';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { actionLabel } from './audit-actions';
import { describeDetails, type NameOf } from './audit-labels';
import {
  describeObject,
  detailsBesideObject,
  kindsIn,
  type Names,
  nameOfFrom,
  type UseAuditNames,
} from './audit-objects';

const columns = (names: Names, nameOf: NameOf): DataColumn<AuditEntry>[] => [
  {
    id: 'at',
    header: t('Date et heure'),
    className: 'tabular-nums text-fg-muted @3xl:whitespace-nowrap',
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
  },
  {
    id: 'action',
    header: t('Action'),
    primary: true,
    cell: (entry) => (
      <span className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium text-white">{t(actionLabel(entry.action))}</span>
        <code className="text-xs font-normal text-fg-muted">{entry.action}</code>
      </span>
    ),
  },
  { id: 'actor', header: t('Auteur'), cell: (entry) => entry.actorName ?? t('Système') },
  {
    id: 'ip',
    header: t('Adresse IP'),
    className: 'font-mono text-xs',
    cell: (entry) => entry.ip ?? '—',
  },
  {
    id: 'entity',
    header: t('Objet'),
    wide: true,
    className: 'text-fg-muted wrap-anywhere',
    cell: (entry) => describeObject(entry.entity, entry.entityId, names, entry.details),
  },
  {
    id: 'details',
    header: t('Détails'),
    wide: true,
    className: 'text-xs text-fg-muted wrap-anywhere',
    cell: (entry) =>
      describeDetails(
        detailsBesideObject(
          entry.details,
          describeObject(entry.entity, entry.entityId, names, entry.details),
        ),
        entry.action,
        nameOf,
      ) || '—',
  },
];

/**
 * Journal entries, newest first: when, who, what (and on which object), from where — a table where
 * there is room, cards on a phone.
 */
export function AuditList({
  entries,
  useAuditNames,
}: {
  entries: AuditEntry[];
  /** Reads the records' names (from the app layer: the lists are other features'). */
  useAuditNames: UseAuditNames;
}) {
  // The objects, and the ids in the details, read as the records' names once the lists these entries
  // need are loaded (the pickers' shared queries); until then, and for a deleted record, the id stays.
  const kinds = useMemo(() => kindsIn(entries), [entries]);
  const names = useAuditNames(kinds);
  const cols = useMemo(() => columns(names, nameOfFrom(names)), [names]);
  return (
    <DataList
      caption={t("Journal d'audit, du plus récent au plus ancien")}
      columns={cols}
      rows={entries}
      rowKey={(entry) => entry.id}
      rowProps={() => ({ 'data-testid': 'audit-entry' })}
    />
  );
}
