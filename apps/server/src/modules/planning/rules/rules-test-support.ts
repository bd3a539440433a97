// Fixtures for the rules' tests (not used by the application).
import type { AgentLicences } from './licence-rules';
import { shiftInterval } from './shift-time';
import {
  checkShiftRules,
  type PlannedService,
  type RuleCheckInput,
  type RuleViolation,
} from './working-time';

export const PARIS = 'Europe/Paris';

/** A service from local wall-clock times in Paris: `svc('a', '2026-01-12', '08:00', '16:00')`. */
export function svc(
  id: string,
  date: string,
  startTime: string,
  endTime: string,
  pause?: [string, string],
): PlannedService {
  const times = { date, startTime, endTime, breakStart: pause?.[0], breakEnd: pause?.[1], timezone: PARIS };
  return { id, ...shiftInterval(times) };
}

/** A service from two ISO instants (with their offset). */
export const at = (id: string, start: string, end: string): PlannedService => ({
  id,
  start: new Date(start),
  end: new Date(end),
  breakStart: null,
  breakEnd: null,
});

/** An agent whose CNAPS card is valid until 2030. */
export const licensed: AgentLicences = {
  cnapsNumber: 'CAR-075-2030-03-14-20190123456',
  cnapsExpiresOn: '2030-03-14',
  qualifications: [],
};

export function check(
  candidate: PlannedService,
  others: PlannedService[] = [],
  extra: Partial<RuleCheckInput> = {},
): RuleViolation[] {
  return checkShiftRules({
    timezone: PARIS,
    candidate,
    others,
    agent: licensed,
    requiredQualifications: [],
    fireSafetyPost: false,
    ...extra,
  });
}

export const codesOf = (violations: RuleViolation[]) => violations.map((v) => v.code);
