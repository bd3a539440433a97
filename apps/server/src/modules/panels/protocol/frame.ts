// One SIA DC-09 frame, from bytes to a typed value:
//   <LF><crc><0LLL>"<id>"<seq>[R<receiver>]L<prefix>#<account>[<data>][<x-data>…][_HH:MM:SS,MM-DD-YYYY]<CR>
// The CRC is 4 hexadecimal characters, or 2 binary bytes (most significant first) in the variant
// some older diallers send. An encrypted frame (`*` before the id) carries, after `[`, the
// hexadecimal AES ciphertext of everything up to and including the timestamp: `parseFrame` returns
// it undecrypted (the key depends on the panel the caller finds with prefix and account) and
// `decryptFrame` (encryption.ts) finishes the job.
//
// Failures say what the receiver must answer: 'crc' and 'length' (and an unreadable header, reported
// as 'crc') mean the frame cannot be trusted, so no answer at all (DC-09: silence, the panel
// retries); 'syntax' and 'decrypt' concern a frame that arrived intact but cannot be processed: DUH.
// Never throws, whatever the bytes.
import { crc16 } from './crc16';
import { decodeWindows1252 } from './windows-1252';

export type ExtendedData = { id: string; value: string };

export type FrameHeader = {
  /** The id without the encryption mark: 'SIA-DCS', 'ADM-CID', 'NULL' or what the panel sent. */
  id: string;
  encrypted: boolean;
  /** Four digits, as sent (0000–9999). */
  sequence: string;
  /** The `R` field (hexadecimal, as sent); absent when the frame has none. */
  receiver?: string;
  /** The `L` field (hexadecimal, as sent; '' for an empty `L`). */
  prefix: string;
  /** The account (3–16 hexadecimal characters, as sent); from the data block when the header has none. */
  account: string;
};

export type Dc09Frame = FrameHeader & {
  /** The data block between `[` and `]` ('' for `[]`); '' until an encrypted frame is decrypted. */
  data: string;
  extended: ExtendedData[];
  /** The panel's clock (UTC), when the frame carries a timestamp. */
  timestamp?: Date;
  /** Encrypted frame not yet decrypted: the hexadecimal ciphertext. */
  ciphertext?: string;
  /** The frame's text from the opening `"` to the end (Windows-1252 decoded), for the signal journal. */
  text: string;
  crcFormat: 'ascii' | 'binary';
};

export type FrameRejection = 'crc' | 'length' | 'syntax' | 'decrypt';

export type FrameFailure = {
  ok: false;
  reason: FrameRejection;
  /** True when the receiver must not answer at all (CRC or length wrong). */
  silent: boolean;
  detail: string;
  /** What could be read of the header, for a DUH that echoes it. */
  header?: FrameHeader;
};

export type FrameResult = { ok: true; frame: Dc09Frame } | FrameFailure;

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

export function fail(reason: FrameRejection, detail: string, header?: FrameHeader): FrameFailure {
  return { ok: false, reason, silent: reason === 'crc' || reason === 'length', detail, header };
}

function isHexByte(b: number | undefined): boolean {
  return (
    b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66))
  );
}

function hexField(bytes: Uint8Array, from: number, to: number): number | undefined {
  for (let i = from; i < to; i++) if (!isHexByte(bytes[i])) return undefined;
  return Number.parseInt(Buffer.from(bytes.subarray(from, to)).toString('latin1'), 16);
}

type Envelope = { crc: number; length: number; body: Uint8Array; crcFormat: 'ascii' | 'binary' };

/** Splits `<crc><0LLL>` from the body; the leading LF and trailing CR are optional. */
function envelope(input: Uint8Array): Envelope | undefined {
  let bytes = input;
  if (bytes[0] === LF) bytes = bytes.subarray(1);
  if (bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
  const asciiCrc = hexField(bytes, 0, 4);
  const asciiLength = bytes[4] === 0x30 ? hexField(bytes, 4, 8) : undefined;
  if (asciiCrc !== undefined && asciiLength !== undefined && bytes[8] === QUOTE) {
    return { crc: asciiCrc, length: asciiLength, body: bytes.subarray(8), crcFormat: 'ascii' };
  }
  const binaryLength = bytes[2] === 0x30 ? hexField(bytes, 2, 6) : undefined;
  if (bytes.length >= 7 && binaryLength !== undefined && bytes[6] === QUOTE) {
    const crc = ((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0);
    return { crc, length: binaryLength, body: bytes.subarray(6), crcFormat: 'binary' };
  }
  return undefined;
}

const headerPattern =
  /^"(\*?)([A-Z0-9-]{1,16})"(\d{4})(?:R([0-9A-F]{1,6}))?L([0-9A-F]{0,6})(?:#([0-9A-F]{3,16}))?\[/i;
const dataAccountPattern = /^#([0-9A-F]{3,16})\|/i;
const timestampPattern = /^_(\d\d):(\d\d):(\d\d),(\d\d)-(\d\d)-(\d{4})$/;

export type FrameTail = { data: string; extended: ExtendedData[]; timestamp?: Date };

/** Parses what follows `[`: `<data>]` then `[x-data]…` then the optional timestamp. */
export function parseTail(tail: string): FrameTail | undefined {
  const close = tail.indexOf(']');
  if (close < 0) return undefined;
  const data = tail.slice(0, close);
  if (data.includes('[')) return undefined;
  const extended: ExtendedData[] = [];
  let rest = tail.slice(close + 1);
  while (rest.startsWith('[')) {
    const end = rest.indexOf(']');
    if (end < 0) return undefined;
    const block = rest.slice(1, end);
    if (block.includes('[')) return undefined;
    extended.push({ id: block.slice(0, 1), value: block.slice(1) });
    rest = rest.slice(end + 1);
  }
  if (rest === '') return { data, extended };
  const timestamp = parseTimestamp(rest);
  return timestamp ? { data, extended, timestamp } : undefined;
}

/** `_HH:MM:SS,MM-DD-YYYY` (UTC) to a Date; undefined when malformed or not a real date. */
export function parseTimestamp(text: string): Date | undefined {
  const m = timestampPattern.exec(text);
  if (!m) return undefined;
  const [h, min, s, mo, d, y] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (h > 23 || min > 59 || s > 59 || mo < 1 || mo > 12 || d < 1) return undefined;
  const date = new Date(Date.UTC(y, mo - 1, d, h, min, s));
  return date.getUTCDate() === d && date.getUTCMonth() === mo - 1 ? date : undefined;
}

/** `_HH:MM:SS,MM-DD-YYYY` in UTC, the timestamp DC-09 frames and NAKs carry. */
export function formatTimestamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `_${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())},${p(
    date.getUTCMonth() + 1,
  )}-${p(date.getUTCDate())}-${date.getUTCFullYear()}`;
}

export function parseFrame(input: Uint8Array): FrameResult {
  try {
    return parseUnsafe(input);
  } catch {
    // Defensive only: nothing above is expected to throw, and bad bytes must never crash the receiver.
    return fail('syntax', 'trame illisible');
  }
}

function parseUnsafe(input: Uint8Array): FrameResult {
  const env = envelope(input);
  if (!env) return fail('crc', 'en-tête CRC/longueur illisible');
  if (env.length !== env.body.length) {
    return fail('length', `longueur annoncée ${env.length}, reçue ${env.body.length}`);
  }
  if (crc16(env.body) !== env.crc) return fail('crc', 'CRC incorrect');
  const text = decodeWindows1252(env.body);
  const m = headerPattern.exec(text);
  if (!m) return fail('syntax', 'en-tête DC-09 mal formé');
  const [head, star, id, sequence, receiver, prefix, headerAccount] = m as unknown as [
    string,
    string,
    string,
    string,
    string | undefined,
    string,
    string | undefined,
  ];
  const encrypted = star === '*';
  const tail = text.slice(head.length);
  const base = { id, encrypted, sequence, ...(receiver !== undefined ? { receiver } : {}), prefix };
  const partial = headerAccount ? { ...base, account: headerAccount } : undefined;
  if (encrypted) {
    if (!headerAccount) return fail('syntax', 'compte absent d’une trame chiffrée');
    if (!/^(?:[0-9A-F]{32})+$/i.test(tail)) return fail('syntax', 'bloc chiffré mal formé', partial);
    return {
      ok: true,
      frame: {
        ...base,
        account: headerAccount,
        data: '',
        extended: [],
        ciphertext: tail,
        text,
        crcFormat: env.crcFormat,
      },
    };
  }
  const parsed = parseTail(tail);
  if (!parsed) return fail('syntax', 'bloc de données mal formé', partial);
  const account = headerAccount ?? dataAccountPattern.exec(parsed.data)?.[1];
  if (!account) return fail('syntax', 'numéro de compte absent');
  return { ok: true, frame: { ...base, account, ...parsed, text, crcFormat: env.crcFormat } };
}

/**
 * The key to find a panel by: the prefix without its leading zeros ('' and '000' are '0') and the
 * account in upper case, so `L0`/`L000` and `#12ab`/`#12AB` reach the same panel.
 */
export function panelLookupKey(prefix: string, account: string): string {
  const p = prefix.toUpperCase().replace(/^0+/, '') || '0';
  return `${p}#${account.toUpperCase()}`;
}
