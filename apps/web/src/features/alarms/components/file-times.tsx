import { type AlarmFile, decisionOutcomeLabels } from '@vigie/contract/alarm-file.contract';
import { fileDuration } from '@vigie/contract/alarm-file-text';
import { formatDateTime } from '../../../lib/format';
import { msg, t } from '../../../lib/i18n/i18n';

/** The times Vigie kept, in order, each with the time it took since the step before. */
export function FileTimes({ file, timezone }: { file: AlarmFile; timezone?: string }) {
  const times = file.times;
  const d = file.durations;
  const steps: { label: string; at: string | null; by?: string | null; took: number | null }[] = [
    { label: msg('Reçue'), at: times.receivedAt, took: null },
    { label: msg('Affichée'), at: times.firstShownAt, took: d.receivedToShown },
    { label: msg('Prise en charge'), at: times.takenAt, by: times.takenBy, took: d.receivedToTaken },
    { label: msg('Décision'), at: times.decisionAt, by: times.decisionBy, took: d.takenToDecision },
    { label: msg('Clôture'), at: times.closedAt, by: times.closedBy, took: d.decisionToClosed },
  ];
  const when = (iso: string) =>
    `${formatDateTime(iso, timezone)}:${String(new Date(iso).getUTCSeconds()).padStart(2, '0')}`;
  return (
    <div className="rounded-lg border border-ink-700 bg-ink-850 px-3 py-2">
      <dl className="grid grid-cols-[auto_1fr_auto] items-baseline gap-x-3 gap-y-1.5 text-sm">
        {steps.map((s) => (
          <div key={s.label} className="contents">
            <dt className="text-xs text-fg-muted">{t(s.label)}</dt>
            <dd className={s.at ? 'min-w-0 text-white' : 'text-fg-muted'}>
              {s.at ? when(s.at) : '—'}
              {s.by ? <span className="text-fg-muted"> · {s.by}</span> : null}
            </dd>
            <dd className="text-right text-xs tabular-nums text-emerald-300">
              {s.took !== null ? `+${fileDuration(s.took, t)}` : ''}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 border-t border-ink-700 pt-1.5 text-xs text-fg-muted">
        {t('Durée totale : {duration}', { duration: fileDuration(d.receivedToClosed, t) })}
        {file.decision ? ` · ${t(decisionOutcomeLabels[file.decision.outcome])}` : ''}
      </p>
    </div>
  );
}
