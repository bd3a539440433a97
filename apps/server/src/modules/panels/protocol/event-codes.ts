// THE mapping from panel events to what the control room gets. The tables themselves are
// `siaCodes` (sia-codes.ts) and `contactIdCodes` (contact-id-codes.ts), exported from here so that
// the docs list exactly what the receiver does; this file applies them, with the Contact ID
// qualifier, and never drops an unknown code (it becomes { kind: 'unknown' }).

import type { ContactIdQualifier } from './contact-id';
import { type ContactIdEntry, contactIdCodes } from './contact-id-codes';
import { type CodeEntry, type EventOutcome, linkTestOutcome, type ParamKind } from './event-outcome';
import { siaCodes } from './sia-codes';

export { type ContactIdEntry, contactIdCodes } from './contact-id-codes';
export {
  type CodeEntry,
  type EventOutcome,
  linkTestOutcome,
  type PanelAlarmType,
  type ParamKind,
} from './event-outcome';
export { siaCodes } from './sia-codes';

export type Classified = { outcome: EventOutcome; param: ParamKind };

function lookup<T>(table: Readonly<Record<string, T>>, code: string): T | undefined {
  return Object.hasOwn(table, code) ? table[code] : undefined;
}

const lowerFirst = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

export function classifySiaCode(code: string): Classified {
  const entry: CodeEntry | undefined = lookup(siaCodes, code.toUpperCase());
  return entry ?? { outcome: { kind: 'unknown', label: `Code SIA inconnu ${code}` }, param: 'zone' };
}

export function classifyContactId(event: { qualifier: ContactIdQualifier; code: string }): Classified {
  const { qualifier, code } = event;
  const entry: ContactIdEntry | undefined = lookup(contactIdCodes, code.toUpperCase());
  if (!entry) {
    return {
      outcome: { kind: 'unknown', label: `Événement Contact ID inconnu ${qualifier}${code}` },
      param: 'zone',
    };
  }
  if ('openClose' in entry) {
    const base = qualifier === 3 ? 'Mise en service' : 'Mise hors service';
    const label = entry.suffix ? `${base} ${entry.suffix}` : base;
    return { outcome: { kind: 'logbook', label }, param: entry.param };
  }
  const outcome = entry.outcome;
  if (outcome.kind === 'alarm' && qualifier === 3) {
    const label = `Rétablissement ${lowerFirst(outcome.label)}`;
    return { outcome: { kind: 'restore', type: outcome.type, label }, param: entry.param };
  }
  if (outcome.kind === 'alarm' && qualifier === 6) {
    return { outcome: { kind: 'logbook', label: `${outcome.label} (toujours présent)` }, param: entry.param };
  }
  if (outcome.kind === 'logbook' && qualifier === 3) {
    return { outcome: { kind: 'logbook', label: `${outcome.label} (fin)` }, param: entry.param };
  }
  return entry;
}

/** A `NULL` frame: the link test, which only restarts supervision. */
export function classifyLinkTest(): Classified {
  return { outcome: linkTestOutcome, param: 'none' };
}
