// What the receiver writes about a frame, in French for the installer and the control room, and
// the bounds on it: every text that reaches the database comes from bytes a stranger sent, so it is
// cleaned (PostgreSQL refuses NUL in text; control characters make journals unreadable) and bounded.
import type { PanelZone } from '../../../db/schema/panels';
import type { DecodedEvent } from '../protocol/decode-frame';
import { type Dc09Frame, formatTimestamp } from '../protocol/frame';

/** The journal keeps at most this much of a frame (and as much again of its decrypted content). */
export const RAW_LIMIT = 1024;

/** Control characters become spaces; the text is cut at `max` characters. */
export function cleanText(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').slice(0, max);
}

/** Bytes as received, printable: control and non-ASCII bytes written \xNN, bounded to RAW_LIMIT. */
export function rawOf(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    if (out.length >= RAW_LIMIT) return `${out.slice(0, RAW_LIMIT - 1)}…`;
    out += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** A Sur-Gard line, as raw (its DC4 and line ends removed). */
export function rawLine(line: string): string {
  return rawOf(Buffer.from(line, 'latin1'));
}

/** An encrypted frame's journal text: the frame as received, then what it said once decrypted. */
export function rawWithClear(bytes: Uint8Array, clear: Dc09Frame): string {
  const extended = clear.extended.map((x) => `[${x.id}${x.value}]`).join('');
  const stamp = clear.timestamp ? formatTimestamp(clear.timestamp) : '';
  const content = cleanText(`[${clear.data}]${extended}${stamp}`, RAW_LIMIT);
  return `${rawOf(bytes)}\n(déchiffrée) ${content}`;
}

/** The event's zone as sent ('01', '015'), when its number designates one and is not zero. */
export function zoneOf(event: DecodedEvent, param: string): string | undefined {
  if (param !== 'zone' || event.protocol === 'link-test') return undefined;
  const zone = event.zone;
  return zone === undefined || /^0*$/.test(zone) ? undefined : zone;
}

/** The name the panel's settings give the zone sent as '01', '015'… (numbers compared). */
export function zoneNameIn(zones: PanelZone[]): (zone: string) => string | undefined {
  return (zone) => {
    if (!/^\d{1,6}$/.test(zone)) return undefined;
    const n = Number(zone);
    return zones.find((z) => z.number === n)?.name;
  };
}

/** The zone as a number for the journal (restores are matched on it); hexadecimal digits: none. */
export function zoneColumn(zone: string | undefined): number | null {
  if (zone === undefined || !/^\d{1,6}$/.test(zone)) return null;
  return Number(zone);
}

/** « Centrale Hall » for a panel named « Hall »; a name that already says « Centrale… » as it is. */
export const panelLabel = (panelName: string) =>
  /^centrale\b/i.test(panelName.trim()) ? panelName.trim() : `Centrale ${panelName.trim()}`;

export const panelAuthor = (panelName: string) => cleanText(panelLabel(panelName), 200);

export const refusedText = {
  noKey: 'Trame chiffrée refusée : aucune clé AES n’est enregistrée pour cette centrale',
  mustEncrypt: 'Trame en clair refusée : cette centrale a une clé AES, ses trames doivent être chiffrées',
  keyUnreadable:
    'Trame refusée : la clé AES enregistrée ne peut pas être relue (clé de chiffrement du serveur changée ?)',
  decrypt: (detail: string) => `Trame refusée : ${detail}`,
  syntax: (detail: string) => `Trame refusée (DUH) : ${detail}`,
  data: (detail: string) => `Données illisibles (DUH) : ${detail}`,
  timestamp: (kind: 'late' | 'early', seconds: number) =>
    `Horodatage ${kind === 'late' ? 'en retard' : 'en avance'} de ${seconds} s sur l’heure du récepteur : NAK avec l’heure du récepteur, la centrale remet son horloge à l’heure`,
};

export const duplicateText = (sequence: string | undefined) =>
  sequence === undefined
    ? 'Répétition d’une ligne déjà reçue : acquittée à nouveau, rien de créé'
    : `Répétition de la trame ${sequence} (accusé de réception perdu) : acquittée à nouveau, rien de créé`;

/** The main courante's entry when a lost link comes back. */
export const linkRestoredText = (panelName: string, account: string) =>
  `Liaison rétablie avec la centrale « ${panelName} » (compte ${account})`;
