// Frames the receiver writes (ACK, NAK, DUH) and `buildFrame`, the one writer of DC-09 frames: the
// answers use it, and so do the tests' dialler and the demo's panels, so that what they send is
// exactly what a panel sends.
import { crc16 } from './crc16';
import { encryptContent } from './encryption';
import { type ExtendedData, type FrameHeader, formatTimestamp } from './frame';
import { encodeWindows1252 } from './windows-1252';

export type BuildFrameInput = {
  /** 'SIA-DCS', 'ADM-CID', 'NULL', 'ACK'…, without the encryption mark. */
  id: string;
  sequence: string | number;
  receiver?: string;
  prefix: string;
  /** The header's `#account`; left out of the header when absent. */
  account?: string;
  /** The data block between `[` and `]`. */
  data?: string;
  extended?: ExtendedData[];
  /** The frame's timestamp; an encrypted frame always has one (now by default). */
  timestamp?: Date;
  /** Encrypts the frame (`*` before the id) with this AES key. */
  key?: Buffer;
  /** Padding followed by `|` (the standard) or not (as some panels send); default true. */
  pipe?: boolean;
  /** CRC as 4 hexadecimal characters (the standard) or 2 binary bytes; default 'ascii'. */
  crc?: 'ascii' | 'binary';
};

/** Puts a frame's text between LF, CRC, length and CR. */
export function wrapBody(body: string, crcFormat: 'ascii' | 'binary' = 'ascii'): Buffer {
  const bytes = encodeWindows1252(body);
  const length = Buffer.from(bytes.length.toString(16).toUpperCase().padStart(4, '0'), 'latin1');
  const crc = crc16(bytes);
  const crcBytes =
    crcFormat === 'ascii'
      ? Buffer.from(crc.toString(16).toUpperCase().padStart(4, '0'), 'latin1')
      : Buffer.from([crc >> 8, crc & 0xff]);
  return Buffer.concat([Buffer.from([0x0a]), crcBytes, length, bytes, Buffer.from([0x0d])]);
}

/** The frame's text from the opening `"` to the end of the timestamp. */
export function frameBody(input: BuildFrameInput): string {
  const sequence = String(input.sequence).padStart(4, '0');
  const receiver = input.receiver !== undefined ? `R${input.receiver}` : '';
  const account = input.account !== undefined ? `#${input.account}` : '';
  const head = `"${input.key ? '*' : ''}${input.id}"${sequence}${receiver}L${input.prefix}${account}[`;
  const extended = (input.extended ?? []).map((x) => `[${x.id}${x.value}]`).join('');
  const timestamp = input.timestamp ?? (input.key ? new Date() : undefined);
  const content = `${input.data ?? ''}]${extended}${timestamp ? formatTimestamp(timestamp) : ''}`;
  if (!input.key) return head + content;
  return head + encryptContent(content, input.key, { pipe: input.pipe });
}

export function buildFrame(input: BuildFrameInput): Buffer {
  return wrapBody(frameBody(input), input.crc);
}

/**
 * ACK: echoes sequence, receiver, prefix and account. An encrypted frame gets an encrypted `*ACK`
 * (padding, `]` and the receiver's timestamp); only send it once the signal is stored durably.
 */
export function buildAck(frame: FrameHeader, options: { key?: Buffer; now?: Date } = {}): Buffer {
  const key = frame.encrypted ? options.key : undefined;
  return buildFrame({
    id: 'ACK',
    sequence: frame.sequence,
    receiver: frame.receiver,
    prefix: frame.prefix,
    account: frame.account,
    key,
    timestamp: key ? (options.now ?? new Date()) : undefined,
  });
}

/**
 * NAK: the frame's timestamp is outside the window. Sequence 0000 and the receiver's UTC time, from
 * which the panel resets its clock. `R0L0A0` is the form open-source receivers send and panels
 * accept (the NAK does not echo a header it does not trust).
 */
export function buildNak(now: Date = new Date()): Buffer {
  return wrapBody(`"NAK"0000R0L0A0[]${formatTimestamp(now)}`);
}

/** DUH: a frame that arrived intact but cannot be processed (unknown panel, undecryptable, malformed). */
export function buildDuh(header?: FrameHeader): Buffer {
  if (!header) return wrapBody('"DUH"0000R0L0A0[]');
  return buildFrame({
    id: 'DUH',
    sequence: header.sequence,
    receiver: header.receiver,
    prefix: header.prefix,
    account: header.account,
  });
}
