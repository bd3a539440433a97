// How the interventions' figures read, in the user's language, for the dispatch panel and the agent's card.
import {
  type Intervention,
  type InterventionState,
  type InterventionStepKind,
  interventionStateLabels,
  interventionStepLabels,
} from '@vigie/contract/interventions.contract';
import { intlLocale } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';

const decimal = () => new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 1 });

/** « 850 m », « 1,2 km », « position inconnue ». */
export function formatDistance(metres: number | null): string {
  if (metres === null) return t('position inconnue');
  return metres < 1000 ? `${Math.round(metres)} m` : `${decimal().format(metres / 1000)} km`;
}

/** « à l'instant », « il y a 4 min », « il y a 2 h ». */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return t("à l'instant");
  if (seconds < 3600) return t('il y a {count} min', { count: Math.floor(seconds / 60) });
  return t('il y a {count} h', { count: Math.floor(seconds / 3600) });
}

/** « 2 min 05 s », « 45 s », « 1 h 03 min »: a running clock. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

/** « 14:05:32 » in the user's timezone. */
export function formatTime(iso: string, timezone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(), {
    timeStyle: 'medium',
    ...(timezone ? { timeZone: timezone } : {}),
  }).format(new Date(iso));
}

export const stateLabel = (s: InterventionState) => t(interventionStateLabels[s]);
export const stepLabel = (k: InterventionStepKind) => t(interventionStepLabels[k]);

export const stateTone = (s: InterventionState): 'accent' | 'success' | 'warning' | 'danger' | 'neutral' =>
  s === 'done'
    ? 'success'
    : s === 'refused'
      ? 'danger'
      : s === 'cancelled'
        ? 'neutral'
        : s === 'proposed'
          ? 'warning'
          : 'accent';

export const isRunning = (s: InterventionState) =>
  s === 'proposed' || s === 'accepted' || s === 'en_route' || s === 'on_site';

/**
 * The deadline the current step runs against: the agent's answer while proposed, his arrival once
 * accepted or on the way; none on site (nothing more is timed until the report).
 */
export function currentDeadline(
  i: Pick<Intervention, 'state' | 'acceptDueAt' | 'arriveDueAt'>,
): { kind: 'accept' | 'arrive'; at: string } | null {
  if (i.state === 'proposed' && i.acceptDueAt) return { kind: 'accept', at: i.acceptDueAt };
  if ((i.state === 'accepted' || i.state === 'en_route') && i.arriveDueAt)
    return { kind: 'arrive', at: i.arriveDueAt };
  return null;
}

/** « Réponse attendue dans 45 s », « Arrivée attendue dans 12 min 05 s », or « En retard de 2 min 03 s ». */
export function deadlineText(kind: 'accept' | 'arrive', leftMs: number): string {
  if (leftMs <= 0) return t('En retard de {clock}', { clock: formatClock(-leftMs) });
  const clock = formatClock(leftMs);
  return kind === 'accept'
    ? t('Réponse attendue dans {clock}', { clock })
    : t('Arrivée attendue dans {clock}', { clock });
}
