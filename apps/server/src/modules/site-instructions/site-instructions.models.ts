import type { AlarmSeverity, AlarmType } from '@vigie/contract/alarms.contract';
import { alarmSeverities, alarmTypes } from '@vigie/contract/alarms.contract';
import {
  type AlarmResponseMode,
  defaultAlarmResponses,
  defaultResponseTargets,
  type ResponseTarget,
  type SiteInstructions,
} from '@vigie/contract/site-instructions.contract';
import type { siteInstructions } from '../../db/schema';

export type SiteInstructionsRow = typeof siteInstructions.$inferSelect;

/** What the statement reading a site's instructions answers: the site's name (null: no such site). */
export interface InstructionsRead {
  siteName: string | null;
  row: Omit<SiteInstructionsRow, 'companyId' | 'siteId'> | null;
}

const fullResponses = (saved: Record<string, AlarmResponseMode>) =>
  Object.fromEntries(alarmTypes.map((t) => [t, saved[t] ?? defaultAlarmResponses[t]])) as Record<
    AlarmType,
    AlarmResponseMode
  >;

const fullTargets = (saved: Record<string, ResponseTarget>) =>
  Object.fromEntries(
    alarmSeverities.map((s) => {
      const t = saved[s] ?? defaultResponseTargets[s];
      return [s, { acceptSeconds: t.acceptSeconds, arriveMinutes: t.arriveMinutes }];
    }),
  ) as Record<AlarmSeverity, ResponseTarget>;

/** The whole document, defaults filled in; `updatedAt` null when the site saved none. */
export function toInstructionsDto(siteId: string, row: InstructionsRead['row']): SiteInstructions {
  return {
    siteId,
    contacts: (row?.contacts ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      role: c.role ?? null,
      phones: [...c.phones],
      password: c.password ?? null,
      availability: c.availability ?? null,
    })),
    steps: (row?.steps ?? []).map((s) => ({ id: s.id, text: s.text })),
    alarmResponses: fullResponses(row?.alarmResponses ?? {}),
    responseTargets: fullTargets(row?.responseTargets ?? {}),
    passwordsHidden: false,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** The sections of the document a save changed, for the audit entry. */
export function changedSections(before: SiteInstructions, after: SiteInstructions): string[] {
  const sections = ['contacts', 'steps', 'alarmResponses', 'responseTargets'] as const;
  return sections.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}
