import { type Round, roundStatusLabels, scanPositionCheckLabels } from '@vigie/contract/guard-tours.contract';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { currentLocale, t } from '../../../lib/i18n/i18n';

type RoundScan = NonNullable<Round['checkpoints'][number]['scan']>;

/** 850 m, 1,2 km, 16 950 km. */
export function formatDistance(metres: number) {
  if (metres < 1000) return `${Math.round(metres)} m`;
  const km = metres / 1000;
  return `${km.toLocaleString(currentLocale(), { maximumFractionDigits: km < 10 ? 1 : 0 })} km`;
}

/** What the control room reads of a scan's position: « Hors zone (12 km) », « Position absente ». */
export function positionText(scan: RoundScan) {
  if (scan.positionCheck === 'outside')
    return scan.distanceM === null
      ? t(scanPositionCheckLabels.outside)
      : `${t(scanPositionCheckLabels.outside)} (${formatDistance(scan.distanceM)})`;
  if (scan.positionCheck === 'missing') return t(scanPositionCheckLabels.missing);
  return null;
}

function chipTone(scan: RoundScan | null) {
  if (!scan) return 'bg-ink-700 text-fg-muted';
  if (scan.positionCheck === 'outside') return 'bg-red-500/20 text-red-100';
  return scan.anomaly ? 'bg-amber-500/20 text-amber-200' : 'bg-emerald-500/20 text-emerald-200';
}

/** One round on the control room's screen: progress, and each checkpoint with what its scan says. */
export function RoundCard({ round }: { round: Round }) {
  const pct = round.total > 0 ? Math.round((round.scanned / round.total) * 100) : 0;
  const outside = round.checkpoints.filter((c) => c.scan?.positionCheck === 'outside').length;
  const tone =
    round.status === 'in_progress'
      ? 'accent'
      : round.status === 'done'
        ? 'success'
        : round.status === 'missed'
          ? 'danger'
          : 'neutral';
  return (
    <li className="rounded-lg border border-ink-600 bg-ink-850 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-white">{round.tourName}</p>
          <p
            className="truncate text-sm text-fg-muted"
            title={`${round.siteName} · ${round.agentName ?? t('Aucun agent')}`}
          >
            {round.siteName} · {round.agentName ?? t('Aucun agent')}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {outside > 0 ? (
            <Badge tone="danger">
              {t('{count, plural, one {# scan hors zone} other {# scans hors zone}}', { count: outside })}
            </Badge>
          ) : null}
          {round.anomalies > 0 ? (
            <Badge tone="warning">
              {t('{count, plural, one {# anomalie} other {# anomalies}}', { count: round.anomalies })}
            </Badge>
          ) : null}
          <Badge tone={tone}>{t(roundStatusLabels[round.status])}</Badge>
        </div>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-ink-700"
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t('Progression de {name}', { name: round.tourName })}
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-2 text-xs text-fg-muted">
        {round.startedAt
          ? t('{scanned}/{total} points · démarrée le {date} · durée prévue {minutes} min', {
              scanned: round.scanned,
              total: round.total,
              date: formatDateTime(round.startedAt),
              minutes: round.expectedMinutes,
            })
          : t('{scanned}/{total} points · prévue le {date} · durée prévue {minutes} min', {
              scanned: round.scanned,
              total: round.total,
              date: formatDateTime(round.plannedAt),
              minutes: round.expectedMinutes,
            })}
      </p>
      <ol className="mt-2 flex flex-wrap gap-1">
        {round.checkpoints.map((c, i) => {
          const where = c.scan ? positionText(c.scan) : null;
          return (
            <li
              key={c.checkpointId}
              title={
                c.scan
                  ? `${t('Scanné le {date}', { date: formatDateTime(c.scan.scannedAt) })}${c.scan.note ? ` · ${c.scan.note}` : ''}`
                  : undefined
              }
              className={`rounded px-1.5 py-0.5 text-xs ${chipTone(c.scan)}`}
            >
              {i + 1}. {c.name}
              {where ? (
                <span className={c.scan?.positionCheck === 'outside' ? 'font-semibold' : 'italic'}>
                  {' '}
                  · {where}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </li>
  );
}
