// Steps 3 to 6 of a frame whose panel is known (protocol/README.md): the key, the decryption, the
// timestamp window and the events. Pure: the same verdict for the link tests' fast path (panel row
// from a short cache) and for the panel's transaction (row read again under its lock).
import type { SecretBox } from '../../../plugins/secrets';
import { openPanelKey } from '../panels.service';
import { buildDuh, buildNak } from '../protocol/answer';
import { type DecodedEvent, decodeFrameEvents } from '../protocol/decode-frame';
import { decryptFrame } from '../protocol/encryption';
import type { Dc09Frame } from '../protocol/frame';
import { checkTimestamp } from '../protocol/timestamp-window';
import type { IngestPanel } from './ingest.repository';
import { rawOf, rawWithClear, refusedText } from './signal-text';

export type FrameCheck =
  | {
      ok: true;
      /** The frame in clear (the frame itself when it was not encrypted). */
      clear: Dc09Frame;
      /** The panel's key, for the ACK; undefined for a panel without one. */
      key: Buffer | undefined;
      raw: string;
      events: DecodedEvent[];
    }
  | { ok: false; meaning: string; answer: 'DUH' | 'NAK'; bytes: Buffer; raw: string };

export function checkFrame(
  secrets: SecretBox,
  panel: Pick<IngestPanel, 'aesKey' | 'windowLateSeconds' | 'windowEarlySeconds'>,
  frame: Dc09Frame,
  bytes: Buffer,
  now: Date,
): FrameCheck {
  const duh = (meaning: string, raw = rawOf(bytes)): FrameCheck => ({
    ok: false,
    meaning,
    answer: 'DUH',
    bytes: buildDuh(frame),
    raw,
  });
  const key = openPanelKey(secrets, panel.aesKey);
  if (key === null) return duh(refusedText.keyUnreadable);
  // A panel with a key must encrypt: otherwise anyone could send its alarms in clear.
  if (frame.encrypted && !key) return duh(refusedText.noKey);
  if (!frame.encrypted && key) return duh(refusedText.mustEncrypt);
  let clear = frame;
  if (frame.encrypted && key) {
    const opened = decryptFrame(frame, key);
    if (!opened.ok) return duh(refusedText.decrypt(opened.detail));
    clear = opened.frame;
  }
  const raw = frame.encrypted ? rawWithClear(bytes, clear) : rawOf(bytes);
  const lateness = checkTimestamp(clear.timestamp, now, {
    lateSeconds: panel.windowLateSeconds,
    earlySeconds: panel.windowEarlySeconds,
  });
  if (lateness === 'late' || lateness === 'early') {
    const seconds = Math.round(Math.abs(now.getTime() - (clear.timestamp as Date).getTime()) / 1000);
    return {
      ok: false,
      meaning: refusedText.timestamp(lateness, seconds),
      answer: 'NAK',
      bytes: buildNak(now),
      raw,
    };
  }
  const decoded = decodeFrameEvents(clear);
  if (!decoded.ok) return duh(refusedText.data(decoded.detail), raw);
  return { ok: true, clear, key, raw, events: decoded.events };
}
