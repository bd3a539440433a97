import type { AuditEntry } from '@vigie/contract/audit.contract';
import { Globe, UserRound } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { actionLabel, describeDetails } from './audit-labels';

/** Journal entries, newest first: when, who, what (and on which object), from where. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul
      className="divide-y divide-ink-700 rounded-xl border border-ink-700 bg-ink-850"
      aria-label="Journal d'audit"
    >
      {entries.map((entry) => {
        const details = describeDetails(entry.details);
        return (
          <li
            key={entry.id}
            data-testid="audit-entry"
            className="grid gap-1 p-4 md:grid-cols-[11rem_minmax(0,1fr)] md:gap-4"
          >
            <time dateTime={entry.at} className="text-sm text-fg-muted tabular-nums">
              {formatDateTime(entry.at)}
            </time>
            <div className="flex min-w-0 flex-col gap-1">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium text-white">{actionLabel(entry.action)}</span>
                <code className="text-xs text-fg-muted">{entry.action}</code>
              </p>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-300">
                <span className="flex items-center gap-1.5">
                  <UserRound aria-hidden="true" className="size-3.5 text-fg-muted" />
                  {entry.actorName ?? 'Système'}
                </span>
                {entry.ip ? (
                  <span className="flex items-center gap-1.5">
                    <Globe aria-hidden="true" className="size-3.5 text-fg-muted" />
                    <span className="sr-only">Adresse IP :</span>
                    <span className="font-mono text-xs">{entry.ip}</span>
                  </span>
                ) : null}
                <span className="text-fg-muted">
                  {entry.entity}
                  {entry.entityId ? ` · ${entry.entityId}` : ''}
                </span>
              </p>
              {details ? <p className="text-xs break-words text-fg-muted">{details}</p> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
