import type { RuleViolationDto } from '@vigie/contract/planning.contract';
import { useMemo } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type CheckShiftBody, useShiftCheck } from '../api/check-shift';
import { workedMinutesOf } from './planning-dates';
import { type ShiftFormValues, shiftRulesSchema } from './shift-form-schema';

export type ShiftRulesState = {
  /** The server's figure once it has answered for these values, the typed times' until then. */
  workedMinutes: number | null;
  violations: RuleViolationDto[];
  /** Whether the current administrator may go past every broken rule. */
  canOverride: boolean;
  checking: boolean;
  /** The server has answered for the values as they stand. */
  checked: boolean;
  /** The check's own refusal (e.g. a break outside the shift), in French. */
  error: string | null;
};

/**
 * Checks the working-time rules while the form is valid, 300 ms after the last change, so the
 * broken rules show before saving. `shiftId`: the shift being edited (it does not overlap itself).
 */
export function useShiftRules(values: ShiftFormValues, shiftId?: string): ShiftRulesState {
  const { agentId, siteId, date, startTime, endTime, breakStart, breakEnd, shiftType } = values;
  // A string key: a fresh object each render would restart the debounce for ever.
  const key = useMemo(() => {
    const parsed = shiftRulesSchema.safeParse({
      agentId,
      siteId,
      date,
      startTime,
      endTime,
      breakStart,
      breakEnd,
      shiftType,
    });
    if (!parsed.success || Boolean(breakStart) !== Boolean(breakEnd)) return null;
    return JSON.stringify({ ...parsed.data, ...(shiftId ? { shiftId } : {}) });
  }, [agentId, siteId, date, startTime, endTime, breakStart, breakEnd, shiftType, shiftId]);
  const debounced = useDebouncedValue(key, 300);
  const body = useMemo(() => (debounced ? (JSON.parse(debounced) as CheckShiftBody) : null), [debounced]);
  const check = useShiftCheck(key === null ? null : body);

  const fresh = key !== null && key === debounced && check.data !== undefined && !check.isPlaceholderData;
  const typed = workedMinutesOf(startTime, endTime, breakStart, breakEnd);
  return {
    workedMinutes: fresh && check.data ? check.data.workedMinutes : typed,
    violations: key !== null && check.data ? check.data.violations : [],
    canOverride: key !== null && check.data ? check.data.canOverride : false,
    checking: key !== null && (key !== debounced || check.isFetching),
    checked: fresh && !check.isFetching,
    error: key !== null && check.isError ? errorMessage(check.error) : null,
  };
}
