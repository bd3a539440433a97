import { type AccessLog, badgeTypeLabels } from '@vigie/contract/access.contract';
import { Clock, KeyRound, MapPin } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { LogStatusBadge } from './access-status';
import { useWideScreen } from './use-wide-screen';

type LogsListProps = { logs: AccessLog[]; timezone?: string };

const th = 'px-4 py-3 text-left text-xs font-medium tracking-wide text-fg-muted uppercase';
const dash = (value: string | null) => value || '—';

/** The status, and for a refusal its reason (the reader showed the same words). */
function StatusCell({ log }: { log: AccessLog }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <LogStatusBadge status={log.status} />
      {log.status === 'Refusé' && log.reason ? (
        <span className="text-xs text-red-200" data-testid="access-log-reason">
          {log.reason}
        </span>
      ) : null}
    </div>
  );
}

/** A table from tablets up; cards on phones, where eight columns cannot fit. */
export function LogsList({ logs, timezone }: LogsListProps) {
  const wide = useWideScreen();
  if (!wide) {
    return (
      <ul className="flex flex-col gap-3" aria-label="Journal des accès">
        {logs.map((log) => (
          <li key={log.id} data-testid="access-log-row" data-status={log.status}>
            <Card className="flex flex-col gap-2 p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium break-words text-white">{log.personName}</span>
                  <span className="text-xs text-fg-muted">
                    {[log.badgeId, log.department].filter(Boolean).join(' · ') || 'Badge inconnu'}
                  </span>
                </div>
                <StatusCell log={log} />
              </div>
              <div className="flex flex-col gap-1 text-xs text-slate-300">
                <span className="flex items-center gap-1.5">
                  <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-fg-muted" />
                  {log.siteName} · {log.location}
                </span>
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="flex items-center gap-1.5">
                    <Clock aria-hidden="true" className="size-3.5 text-fg-muted" />
                    <time dateTime={log.timestamp}>{formatDateTime(log.timestamp, timezone)}</time>
                  </span>
                  <span className="flex items-center gap-1.5">
                    <KeyRound aria-hidden="true" className="size-3.5 text-fg-muted" />
                    {badgeTypeLabels[log.accessType]}
                  </span>
                </span>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card className="overflow-x-auto">
      <table className="w-full min-w-[900px] text-sm">
        <caption className="sr-only">Journal des accès, du plus récent au plus ancien</caption>
        <thead className="border-b border-ink-700">
          <tr>
            {['Date et heure', 'Personne', 'Badge', 'Service', 'Site', 'Emplacement', 'Type', 'Statut'].map(
              (label) => (
                <th key={label} scope="col" className={th}>
                  {label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-700">
          {logs.map((log) => (
            <tr key={log.id} data-testid="access-log-row" data-status={log.status} className="text-slate-200">
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={log.timestamp}>{formatDateTime(log.timestamp, timezone)}</time>
              </td>
              <td className="px-4 py-3 font-medium text-white">{log.personName}</td>
              <td className="px-4 py-3 font-mono text-xs">{dash(log.badgeId)}</td>
              <td className="px-4 py-3">{dash(log.department)}</td>
              <td className="px-4 py-3">{log.siteName}</td>
              <td className="px-4 py-3">{log.location}</td>
              <td className="px-4 py-3 whitespace-nowrap">{badgeTypeLabels[log.accessType]}</td>
              <td className="px-4 py-3">
                <StatusCell log={log} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
