// Agents' qualifications: their expiry (given, or derived from the day obtained) and what they cover.
// Days are calendar days `YYYY-MM-DD`, compared as strings.
import { tz } from '@date-fns/tz';
import { addMonths, format } from 'date-fns';

export const qualificationTypes = [
  'SSIAP1',
  'SSIAP2',
  'SSIAP3',
  'SST',
  'CQP_APS',
  'H0B0',
  'CYNOPHILE',
  'AUTRE',
] as const;
export type QualificationType = (typeof qualificationTypes)[number];

export interface Qualification {
  type: QualificationType;
  number: string | null;
  /** YYYY-MM-DD */
  obtainedOn: string | null;
  /** YYYY-MM-DD, the last day it is valid. */
  expiresOn: string | null;
}

/** Months after which a qualification lapses without a given expiry (SST, SSIAP refresher). */
const validityMonths: Partial<Record<QualificationType, number>> = {
  SST: 24,
  SSIAP1: 36,
  SSIAP2: 36,
  SSIAP3: 36,
};

/** The qualifications that satisfy a required one: a higher SSIAP level covers a lower one. */
const coveredBy: Record<QualificationType, readonly QualificationType[]> = {
  SSIAP1: ['SSIAP1', 'SSIAP2', 'SSIAP3'],
  SSIAP2: ['SSIAP2', 'SSIAP3'],
  SSIAP3: ['SSIAP3'],
  SST: ['SST'],
  CQP_APS: ['CQP_APS'],
  H0B0: ['H0B0'],
  CYNOPHILE: ['CYNOPHILE'],
  AUTRE: ['AUTRE'],
};

export const isSsiap = (type: QualificationType) => type.startsWith('SSIAP');

/** `YYYY-MM-DD` plus `months` calendar months (31 Jan + 1 month: the last day of February). */
export function addMonthsToDay(day: string, months: number): string {
  const utc = tz('UTC');
  return format(addMonths(`${day}T00:00:00Z`, months, { in: utc }), 'yyyy-MM-dd', { in: utc });
}

/**
 * The last day a qualification is valid: the given expiry; else SST obtained + 24 months, SSIAP
 * obtained + 36 months (refresher due); else null (no expiry, or nothing to derive it from).
 */
export function qualificationExpiry(q: Qualification): string | null {
  if (q.expiresOn) return q.expiresOn;
  const months = validityMonths[q.type];
  return months !== undefined && q.obtainedOn ? addMonthsToDay(q.obtainedOn, months) : null;
}

/** Valid on `day`: obtained by then (when known) and not expired (valid on its expiry day). */
export function qualificationValidOn(q: Qualification, day: string): boolean {
  if (q.obtainedOn && q.obtainedOn > day) return false;
  const expiry = qualificationExpiry(q);
  return expiry === null || day <= expiry;
}

/** Whether a qualification of type `held` satisfies a required `required`. */
export const covers = (held: QualificationType, required: QualificationType) =>
  coveredBy[required].includes(held);

/** Whether the agent holds `required` (or a higher SSIAP level) valid on `day`. */
export function holdsQualification(
  quals: readonly Qualification[],
  required: QualificationType,
  day: string,
) {
  return quals.some((q) => covers(q.type, required) && qualificationValidOn(q, day));
}
