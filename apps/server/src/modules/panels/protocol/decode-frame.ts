// From a decoded (and decrypted) frame to its events: `SIA-DCS` data holds one or more SIA events,
// `ADM-CID` one Contact ID event, `NULL` is the link test. Another id, or data that cannot be read,
// is a failure: the receiver answers DUH and journals the raw frame.
import { type ContactIdEvent, parseContactIdData } from './contact-id';
import type { Dc09Frame } from './frame';
import { parseSiaData, type SiaEvent } from './sia-event';

export type DecodedEvent =
  | ({ protocol: 'sia' } & SiaEvent)
  | ({ protocol: 'contact-id' } & ContactIdEvent)
  | { protocol: 'link-test' };

export type DecodedFrame = { ok: true; events: DecodedEvent[] } | { ok: false; detail: string };

export function decodeFrameEvents(frame: Pick<Dc09Frame, 'id' | 'data'>): DecodedFrame {
  const id = frame.id.toUpperCase();
  if (id === 'NULL') return { ok: true, events: [{ protocol: 'link-test' }] };
  if (id === 'SIA-DCS') {
    const sia = parseSiaData(frame.data);
    if (!sia.ok) return sia;
    return { ok: true, events: sia.events.map((e) => ({ protocol: 'sia' as const, ...e })) };
  }
  if (id === 'ADM-CID') {
    const cid = parseContactIdData(frame.data);
    if (!cid.ok) return cid;
    return { ok: true, events: [{ protocol: 'contact-id', ...cid.event }] };
  }
  return { ok: false, detail: `type de trame non pris en charge : ${frame.id}` };
}
