import { type AlarmFile, decisionOutcomeLabels } from '@vigie/contract/alarm-file.contract';
import { frenchDuration } from '@vigie/contract/alarm-file-text';
import { formatDateTime } from '../../../lib/format';

/** The times Vigie kept, in order, each with the time it took since the step before. */
export function FileTimes({ file, timezone }: { file: AlarmFile; timezone?: string }) {
  const t = file.times;
  const d = file.durations;
  const steps: { label: string; at: string | null; by?: string | null; took: number | null }[] = [
    { label: 'Reçue', at: t.receivedAt, took: null },
    { label: 'Affichée', at: t.firstShownAt, took: d.receivedToShown },
    { label: 'Prise en charge', at: t.takenAt, by: t.takenBy, took: d.receivedToTaken },
    { label: 'Décision', at: t.decisionAt, by: t.decisionBy, took: d.takenToDecision },
    { label: 'Clôture', at: t.closedAt, by: t.closedBy, took: d.decisionToClosed },
  ];
  const when = (iso: string) =>
    `${formatDateTime(iso, timezone)}:${String(new Date(iso).getUTCSeconds()).padStart(2, '0')}`;
  return (
    <div className="rounded-lg border border-ink-700 bg-ink-850 px-3 py-2">
      <dl className="grid grid-cols-[auto_1fr_auto] items-baseline gap-x-3 gap-y-1.5 text-sm">
        {steps.map((s) => (
          <div key={s.label} className="contents">
            <dt className="text-xs text-fg-muted">{s.label}</dt>
            <dd className={s.at ? 'min-w-0 text-white' : 'text-fg-muted'}>
              {s.at ? when(s.at) : '—'}
              {s.by ? <span className="text-fg-muted"> · {s.by}</span> : null}
            </dd>
            <dd className="text-right text-xs tabular-nums text-emerald-300">
              {s.took !== null ? `+${frenchDuration(s.took)}` : ''}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 border-t border-ink-700 pt-1.5 text-xs text-fg-muted">
        Durée totale : {frenchDuration(d.receivedToClosed)}
        {file.decision ? ` · ${decisionOutcomeLabels[file.decision.outcome]}` : ''}
      </p>
    </div>
  );
}
