// What an alarm on a site calls for, read from the site's instructions: pure, so that the alarms'
// file and the interventions' timers ask the same question the same way.
import type { AlarmSeverity, AlarmType } from '@vigie/contract/alarms.contract';
import {
  defaultAlarmResponses,
  defaultResponseTargets,
  type SiteInstructions,
} from '@vigie/contract/site-instructions.contract';

/** « active » (straight to the authorities or an intervention) or « passive » (verify first). */
export function alarmResponseOf(instructions: SiteInstructions, alarmType: AlarmType): 'active' | 'passive' {
  return instructions.alarmResponses[alarmType] ?? defaultAlarmResponses[alarmType] ?? 'passive';
}

/** Seconds an agent has to accept a proposed intervention, and minutes to be on site. */
export function responseTargetsOf(
  instructions: SiteInstructions,
  severity: AlarmSeverity,
): { acceptSeconds: number; arriveMinutes: number } {
  const t =
    instructions.responseTargets[severity] ??
    defaultResponseTargets[severity] ??
    defaultResponseTargets.medium;
  return { acceptSeconds: t.acceptSeconds, arriveMinutes: t.arriveMinutes };
}

/** The document without the callers' passwords, for whoever may not read them (agents, phones). */
export function withoutPasswords(instructions: SiteInstructions): SiteInstructions {
  return {
    ...instructions,
    contacts: instructions.contacts.map((c) => ({ ...c, password: null })),
    passwordsHidden: true,
  };
}
