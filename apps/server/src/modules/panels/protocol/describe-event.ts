// The French meaning of an event, for the signal journal and the control room: « Intrusion zone 01
// « Porte d’entrée », secteur 1 », « Mise en service par l’utilisateur 003 », « Test périodique »…
import type { DecodedEvent } from './decode-frame';
import { type Classified, classifyContactId, classifyLinkTest, classifySiaCode } from './event-codes';
import type { ParamKind } from './event-outcome';

export type DescribeOptions = {
  /** The name the panel's settings give a zone number as sent ('01', '015'…), if any. */
  zoneName?: (zone: string) => string | undefined;
};

export function classifyEvent(event: DecodedEvent): Classified {
  if (event.protocol === 'link-test') return classifyLinkTest();
  if (event.protocol === 'sia') return classifySiaCode(event.code);
  return classifyContactId(event);
}

const isZero = (n: string | undefined) => n === undefined || /^0*$/.test(n);

/** A zone number as a number ('015' → 15), to match the zones named in a panel's settings. */
export function zoneNumber(zone: string): number | undefined {
  return /^\d{1,6}$/.test(zone) ? Number(zone) : undefined;
}

function param(kind: ParamKind, value: string | undefined, options: DescribeOptions): string {
  if (kind === 'none' || value === undefined || isZero(value)) return '';
  if (kind === 'zone') {
    const name = options.zoneName?.(value);
    return name ? ` zone ${value} « ${name} »` : ` zone ${value}`;
  }
  if (kind === 'user') return ` par l’utilisateur ${value}`;
  if (kind === 'door') return ` porte ${value}`;
  return ` secteur ${value}`;
}

export function describeEvent(event: DecodedEvent, options: DescribeOptions = {}): string {
  const { outcome, param: kind } = classifyEvent(event);
  if (event.protocol === 'link-test') return outcome.label;
  let text = outcome.label;
  if (event.protocol === 'sia') {
    const value =
      kind === 'user'
        ? (event.zone ?? event.user)
        : kind === 'area'
          ? (event.zone ?? event.area)
          : event.zone;
    text += param(kind, value, options);
    if (kind !== 'area' && !isZero(event.area)) text += `, secteur ${event.area}`;
    if (event.text) text += ` — ${event.text}`;
    return text;
  }
  text += param(kind, event.zone, options);
  if (!isZero(event.partition)) text += `, secteur ${event.partition}`;
  return text;
}
