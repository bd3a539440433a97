// The Sur-Gard automation protocol, the output of the hardware receivers (MLR2, SG-System II/III…)
// that a centre already owns: text lines ended by DC4 (0x14), each acknowledged by ACK (0x06)
// within 4 s, else the receiver sends it again (NAK, 0x15, asks for that too).
//   Contact ID: 5RRLs18AAAAQXYZGGCCC[DC4], e.g. `5011 181234E12101001` (duress, group 01, zone 001):
//     5 protocol, RR receiver, L line (LLL on SG-System III, whose header has 5 digits), s space,
//     18 Contact ID (98 tolerated), AAAA account, Q qualifier E new/opening, R restore/closing,
//     P previous (digits 1/3/6 accepted too), XYZ event, GG group, CCC zone or user.
//   Heartbeat: 1011sssssssssss@ssss[DC4] (1, RR, L, spaces, `@`), about every 30 s.
// Relied on: the Sur-Gard MLR2-E installation manual §9 "Automation protocols" and the SG automation
// output protocol (DSC form 7-3005) as published on manual sites, checked against open-source clients
// (github.com/sg3des/surgard: "5%02d%01d 18%04d%s%03d%02d%03d" + "\x14", ACK 0x06 / NAK 0x15) and
// the SilentKnight VisorAlarm manual's description of the same format.
import { type ContactIdEvent, parseContactIdEvent } from './contact-id';

export const DC4 = 0x14;
export const SURGARD_ACK = Buffer.from([0x06]);
export const SURGARD_NAK = Buffer.from([0x15]);

export type SurgardMessage =
  | { kind: 'contact-id'; receiver: string; line: string; account: string; event: ContactIdEvent }
  | { kind: 'heartbeat'; receiver: string };

export type SurgardResult = { ok: true; message: SurgardMessage } | { ok: false; detail: string };

const contactIdLine = /^5(\d{2})(\d{1,3})\s+(?:18|98)(.+)$/;
const heartbeatLine = /^1(\d{2})\d{1,3}\s+@\s*$/;
const accountPattern = /^[0-9A-F]{3,16}$/i;

/** One line, without its DC4 (a trailing DC4, CR or LF is ignored). */
export function parseSurgardLine(input: string | Uint8Array): SurgardResult {
  const raw = typeof input === 'string' ? input : Buffer.from(input).toString('latin1');
  const line = raw.split(String.fromCharCode(DC4)).join('').trim();
  const hb = heartbeatLine.exec(line);
  if (hb) return { ok: true, message: { kind: 'heartbeat', receiver: hb[1] ?? '' } };
  const m = contactIdLine.exec(line);
  if (!m) return { ok: false, detail: `ligne Sur-Gard non reconnue : ${line.slice(0, 40)}` };
  const [, receiver, lineNumber, rest] = m as unknown as [string, string, string, string];
  // QXYZGGCCC are the last 9 characters; the account is what precedes them (its own last digit may
  // be E, a hexadecimal digit, hence the split from the end).
  const account = rest.slice(0, -9).trim();
  const event = parseContactIdEvent(rest.slice(-9));
  if (!event || !accountPattern.test(account)) {
    return { ok: false, detail: `Contact ID Sur-Gard illisible : ${line.slice(0, 40)}` };
  }
  return { ok: true, message: { kind: 'contact-id', receiver, line: lineNumber, account, event } };
}

/**
 * Cuts a TCP stream into lines at DC4; a line longer than `maxLineBytes` is dropped (and
 * `onDropped` called once for it), whether it came in pieces or whole. Never throws.
 */
export class SurgardLineSplitter {
  private buffer: Buffer = Buffer.alloc(0);
  private overflow = false;

  constructor(
    private readonly maxLineBytes = 256,
    private readonly onDropped: () => void = () => {},
  ) {}

  push(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf(DC4);
      if (end < 0) break;
      const line = this.buffer.subarray(0, end).toString('latin1');
      this.buffer = this.buffer.subarray(end + 1);
      if (this.overflow) this.overflow = false;
      else if (end > this.maxLineBytes) this.onDropped();
      else if (line.trim() !== '') lines.push(line);
    }
    if (this.buffer.length > this.maxLineBytes) {
      // Too long to be a line: drop it, and the rest of it up to the next DC4.
      this.buffer = Buffer.alloc(0);
      this.overflow = true;
      this.onDropped();
    }
    return lines;
  }
}
