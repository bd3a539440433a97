import type { UseQueryResult } from '@tanstack/react-query';
import type { IntegrationKey } from '@vigie/contract/integrations.contract';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import { Button } from '../ui/button';
import { type DataColumn, DataList } from '../ui/data-list';
import { Spinner } from '../ui/spinner';

/** Where the list sits: its spacing, and a table (cards on a phone) or compact rows in a dialog. */
export type DeviceKeyListFrame = 'section' | 'card' | 'dialog';

type DeviceKeyListProps = {
  keys: Pick<UseQueryResult<IntegrationKey[]>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;
  frame: DeviceKeyListFrame;
  /** Read by screen readers as the list's name. */
  caption: string;
  /** Said when there is no key yet. */
  empty: string;
  /** Test id of each key's row. */
  rowTestId: string;
  /** The key's 'Révoquer' (its own mutation and words). */
  revoke: (key: IntegrationKey) => ReactNode;
  /** Classes of the table's actions cell. */
  actionsClassName?: string;
  timezone?: string;
};

const frames: Record<DeviceKeyListFrame, { error: string; message: string; empty: string }> = {
  section: {
    error: 'flex flex-col items-center gap-3 py-6 text-center',
    message: 'text-sm text-red-200',
    empty: 'p-4',
  },
  card: { error: 'flex flex-col items-center gap-3 p-6 text-center', message: 'text-red-200', empty: 'p-6' },
  dialog: { error: 'flex flex-col items-start gap-2', message: 'text-sm text-red-200', empty: 'p-4' },
};

/** A list of device API keys (name, prefix, dates, 'Révoquer'), with its loading, error and empty states. */
export function DeviceKeyList({
  keys,
  frame,
  caption,
  empty,
  rowTestId,
  revoke,
  actionsClassName,
  timezone,
}: DeviceKeyListProps) {
  const styles = frames[frame];
  if (keys.isPending) {
    const spinner = <Spinner label={t('Chargement des clés…')} />;
    return frame === 'card' ? <div className="flex justify-center p-6">{spinner}</div> : spinner;
  }
  if (keys.isError || !keys.data) {
    return (
      <div className={styles.error}>
        <p className={styles.message}>{errorMessage(keys.error, t('Impossible de charger les clés'))}</p>
        <Button variant="outline" size="sm" onClick={() => void keys.refetch()}>
          <RefreshCw aria-hidden="true" />
          {t('Réessayer')}
        </Button>
      </div>
    );
  }
  if (keys.data.length === 0) {
    return (
      <p
        className={`rounded-lg border border-dashed border-ink-600 ${styles.empty} text-center text-sm text-fg-muted`}
      >
        {empty}
      </p>
    );
  }
  if (frame === 'dialog') {
    return (
      <ul className="divide-y divide-ink-700 rounded-lg border border-ink-700" aria-label={caption}>
        {keys.data.map((key) => (
          <KeyRow key={key.id} deviceKey={key} testId={rowTestId} timezone={timezone}>
            {revoke(key)}
          </KeyRow>
        ))}
      </ul>
    );
  }
  return (
    <DataList
      caption={caption}
      columns={keyColumns(revoke, actionsClassName, timezone)}
      rows={keys.data}
      rowKey={(key) => key.id}
      rowProps={() => ({ 'data-testid': rowTestId })}
    />
  );
}

const keyColumns = (
  revoke: (key: IntegrationKey) => ReactNode,
  actionsClassName?: string,
  timezone?: string,
): DataColumn<IntegrationKey>[] => [
  { id: 'name', header: t('Nom'), primary: true, cell: (key) => key.name },
  {
    id: 'prefix',
    header: t('Préfixe'),
    cell: (key) => <code className="text-xs text-slate-300">{key.prefix}…</code>,
  },
  { id: 'created', header: t('Créée le'), cell: (key) => formatDateTime(key.createdAt, timezone) },
  {
    id: 'used',
    header: t('Dernière utilisation'),
    cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt, timezone) : t('Jamais')),
  },
  {
    id: 'actions',
    header: t('Actions'),
    srOnlyHeader: true,
    actions: true,
    className: actionsClassName,
    cell: revoke,
  },
];

type KeyRowProps = { deviceKey: IntegrationKey; testId: string; timezone?: string; children: ReactNode };

/** One key on a compact line: name, then prefix and dates; its 'Révoquer' on the right. */
function KeyRow({ deviceKey, testId, timezone, children }: KeyRowProps) {
  return (
    <li
      className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid={testId}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium break-words text-white">{deviceKey.name}</p>
        <p className="text-xs text-fg-muted">
          <code className="text-slate-300">{deviceKey.prefix}…</code> ·{' '}
          {t('créée le {date}', { date: formatDateTime(deviceKey.createdAt, timezone) })} ·{' '}
          {deviceKey.lastUsedAt
            ? t('dernière utilisation le {date}', { date: formatDateTime(deviceKey.lastUsedAt, timezone) })
            : t('jamais utilisée')}
        </p>
      </div>
      {children}
    </li>
  );
}
