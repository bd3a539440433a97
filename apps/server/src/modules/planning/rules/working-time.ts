// Checks a candidate service against the working-time rules of the private-security collective
// agreement (IDCC 1351) and the agent's licences. Pure: the caller loads the agent's other services.
// Only configurations that include the candidate are reported, in the input's language (French
// when not said).
import type { Language } from '../../../lib/languages';
import { formatDay, formatDuration, formatSpan, joinSpans } from './format';
import { localDaysTouched, overlaps } from './intervals';
import { type AgentLicences, cnapsExpiry, qualificationLabel } from './licence-rules';
import { ruleMessages, say } from './messages';
import { holdsQualification, type QualificationType } from './qualifications';
import { addDays, workedMinutes } from './shift-time';
import {
  maxConsecutiveDays,
  maxDailyHours,
  maxWeeklyHours,
  minRest,
  nightToDayRest,
  restAfter48h,
  type Schedule,
} from './time-rules';

export interface PlannedService {
  id: string;
  start: Date;
  end: Date;
  breakStart: Date | null;
  breakEnd: Date | null;
}

export const ruleCodes = [
  'overlap',
  'max_shift_hours',
  'max_daily_hours',
  'min_rest',
  'max_weekly_hours',
  'rest_after_48h',
  'night_to_day_rest',
  'max_consecutive_days',
  'min_duration',
  'cnaps_invalid',
  'qualification_missing',
] as const;
export type RuleCode = (typeof ruleCodes)[number];

export interface RuleViolation {
  code: RuleCode;
  /** In the check's language. */
  message: string;
  /** false: refused whatever the role (double booking, licence, qualification). */
  overridable: boolean;
}

export interface RuleCheckInput {
  timezone: string;
  /** The shift being created or changed (id '' for a new one). */
  candidate: PlannedService;
  /** The agent's other non-cancelled services around the candidate; any with the candidate's id is ignored. */
  others: PlannedService[];
  agent: AgentLicences;
  /** Declared by the site. */
  requiredQualifications: QualificationType[];
  /** The site requires an SSIAP: an agent holding a valid SSIAP needs no CNAPS card there. */
  fireSafetyPost: boolean;
  /** The reader's: the messages are written in it (French when not said). */
  language?: Language;
}

const notOverridable: ReadonlySet<RuleCode> = new Set(['overlap', 'cnaps_invalid', 'qualification_missing']);

/**
 * The rules the candidate breaks, in the order of `ruleCodes` (one violation per rule, one per
 * missing qualification). Services overlapping the candidate are reported as `overlap` and left out
 * of the other rules.
 */
export function checkShiftRules(input: RuleCheckInput): RuleViolation[] {
  const { timezone, candidate } = input;
  const language = input.language ?? 'fr';
  const others = input.others.filter((o) => candidate.id === '' || o.id !== candidate.id);
  const clashing = others.filter((o) => overlaps(o, candidate)).sort((a, b) => +a.start - +b.start);
  const services = [...others.filter((o) => !overlaps(o, candidate)), candidate].sort(
    (a, b) => +a.start - +b.start || +a.end - +b.end,
  );
  const schedule: Schedule = { timezone, candidate, services, language };
  const worked = workedMinutes(candidate);
  const days = localDaysTouched(candidate, timezone);

  const found: Record<RuleCode, (string | null)[]> = {
    overlap: [
      clashing.length > 0
        ? say(language, ruleMessages.overlap, {
            spans: joinSpans(
              clashing.map((o) => formatSpan(o.start, o.end, timezone, language)),
              language,
            ),
          })
        : null,
    ],
    max_shift_hours: [
      worked > 12 * 60 ? say(language, ruleMessages.maxShiftHours, { worked: formatDuration(worked) }) : null,
    ],
    max_daily_hours: [maxDailyHours(schedule)],
    min_rest: [minRest(schedule)],
    max_weekly_hours: [maxWeeklyHours(schedule)],
    rest_after_48h: [restAfter48h(schedule)],
    night_to_day_rest: [nightToDayRest(schedule)],
    max_consecutive_days: [maxConsecutiveDays(schedule)],
    min_duration: [
      worked < 4 * 60 ? say(language, ruleMessages.minDuration, { worked: formatDuration(worked) }) : null,
    ],
    cnaps_invalid: [cnapsInvalid(input, days, language)],
    qualification_missing: [...new Set(input.requiredQualifications)].map((required) =>
      days.every((day) => holdsQualification(input.agent.qualifications, required, day))
        ? null
        : say(language, ruleMessages.qualificationMissing, {
            qualificationLabel: qualificationLabel(required),
          }),
    ),
  };
  return ruleCodes.flatMap((code) =>
    found[code]
      .filter((message): message is string => message !== null)
      .map((message) => ({ code, message, overridable: !notOverridable.has(code) })),
  );
}

/**
 * The CNAPS card must be valid on every local day the candidate touches (valid on its expiry day;
 * an unknown expiry counts as valid). An agent holding a valid SSIAP on those days needs no card on a
 * fire-safety post.
 */
function cnapsInvalid(
  { agent, fireSafetyPost }: RuleCheckInput,
  days: string[],
  language: Language,
): string | null {
  if (fireSafetyPost && days.every((day) => holdsQualification(agent.qualifications, 'SSIAP1', day)))
    return null;
  if (!agent.cnapsNumber) return say(language, ruleMessages.noCnapsCard);
  const expiry = cnapsExpiry(agent);
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  if (expiry === null || expiry >= last) return null;
  return expiry < first
    ? say(language, ruleMessages.cnapsExpired, { day: formatDay(expiry, language) })
    : say(language, ruleMessages.cnapsEndsDuring, {
        day: formatDay(expiry, language),
        next: formatDay(addDays(expiry, 1), language),
      });
}
