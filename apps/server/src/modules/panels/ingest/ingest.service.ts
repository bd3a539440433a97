// What a panel's frame does in Vigie (issue 32): from the bytes the receiver's sockets cut out to the
// answer they send back. The steps are the protocol's (protocol/README.md): parse, find the panel by
// (line prefix, account), decrypt, check the timestamp, recognise a resend, then raise alarms, note
// restores, write the main courante, all in ONE transaction with the signal journal, and answer ACK
// only once it is committed: an ACK means the centre took responsibility. A failure leaves the
// panel without answer, and it sends the frame again.
import { createHash } from 'node:crypto';
import type { Database, Tx } from '../../../db/client';
import { retryOnConflict } from '../../../db/retry';
import type { SecretBox } from '../../../plugins/secrets';
import { buildAck, buildDuh } from '../protocol/answer';
import type { DecodedEvent } from '../protocol/decode-frame';
import { type Dc09Frame, type FrameHeader, panelLookupKey, parseFrame } from '../protocol/frame';
import { frameContentHash, SequenceWindow } from '../protocol/sequence-window';
import { DC4, parseSurgardLine } from '../protocol/surgard';
import { createAlarmFramePath } from './alarm-frames';
import { checkFrame } from './check-frame';
import { findPanel, insertSignals, type PanelTarget, resolvePanel, wasTaken } from './ingest.repository';
import { createLinkTestPath } from './link-tests';
import { duplicateText, rawLine, rawOf, refusedText } from './signal-text';
import { refusal, restart, take } from './take-signal';

/** A DC-09 resend (same panel, sequence and content) is recognised for this long. */
export const RESEND_WINDOW_MS = 10 * 60_000;
/**
 * A Sur-Gard line has no sequence: the same line again within this delay is the hardware receiver
 * sending it again after a lost ACK (it retries after 4 s), not a new event.
 */
export const SURGARD_RESEND_WINDOW_MS = 15_000;
/**
 * How long (prefix, account) → panel is remembered. A panel found is checked again with every frame
 * (its row, read under its company's RLS, must still exist with this account; otherwise the frame
 * gets DUH and the entry is dropped), so it may be remembered long: a look-up less per frame. An
 * account not found is asked again soon: a panel just created must be heard within seconds.
 */
const RESOLVE_FOUND_TTL_MS = 30_000;
const RESOLVE_MISSING_TTL_MS = 2_000;
const RESOLVE_CACHE_MAX = 50_000;

export type IngestLog = {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export type IngestDeps = {
  db: Database;
  secrets: SecretBox;
  log?: IngestLog;
  /** The company's line prefix the Sur-Gard input's accounts are looked up with (SURGARD_LINE_PREFIX). */
  surgardLinePrefix?: string;
  /** The receiver's clock (tests). */
  now?: () => Date;
};

export type IngestMeta = { transport: 'tcp' | 'udp'; remoteAddress: string };

export type IngestStats = {
  frames: number;
  /** Bad CRC or length: no answer. */
  silent: number;
  /** Well-formed, but no panel has this (prefix, account). */
  unknownPanel: number;
  /** DUH or NAK (syntax, key, timestamp, data). */
  refused: number;
  /** Answered ACK: new frames and resends. */
  accepted: number;
  duplicates: number;
  surgardLines: number;
  /** Frames of link tests only, written in groups by the fast path (link-tests.ts). */
  groupedLinkTests: number;
  /** Frames of one alarm event, written with their company's alarm-creation group (alarm-frames.ts). */
  groupedAlarms: number;
};

export type PanelIngest = {
  /** The answer to send (ACK, NAK, DUH), or null for none. Throws when storage fails: no answer. */
  handleFrame(bytes: Buffer, meta: IngestMeta): Promise<Buffer | null>;
  /** True once the line is stored (or can never be: journaled / ignored) → ACK 0x06. */
  handleSurgardLine(line: string, meta: IngestMeta): Promise<boolean>;
  stats(): IngestStats;
};

const noLog: IngestLog = { debug() {}, warn() {} };

type Outcome = { answer: Buffer | null } | { gone: true };

export function createPanelIngest(deps: IngestDeps): PanelIngest {
  const { db, secrets } = deps;
  const log = deps.log ?? noLog;
  const clock = deps.now ?? (() => new Date());
  const window = new SequenceWindow({ ttlMs: RESEND_WINDOW_MS });
  const linkTests = createLinkTestPath({ db, secrets, window, clock, log });
  const alarmFrame = createAlarmFramePath({
    db,
    secrets,
    window,
    cachedPanel: linkTests.panel,
    resendWindowMs: RESEND_WINDOW_MS,
  });
  const resolved = new Map<string, { target: PanelTarget | undefined; until: number }>();
  const counters: IngestStats = {
    frames: 0,
    silent: 0,
    unknownPanel: 0,
    refused: 0,
    accepted: 0,
    duplicates: 0,
    surgardLines: 0,
    groupedLinkTests: 0,
    groupedAlarms: 0,
  };

  async function resolve(prefix: string, account: string): Promise<PanelTarget | undefined> {
    const key = panelLookupKey(prefix, account);
    const now = Date.now();
    const hit = resolved.get(key);
    if (hit && hit.until > now) return hit.target;
    const [p, a] = key.split('#') as [string, string];
    // Prefix 0 (a panel's factory setting) is no company's: never looked up.
    const target = p === '0' ? undefined : await resolvePanel(db, p, a);
    if (resolved.size >= RESOLVE_CACHE_MAX) resolved.clear();
    resolved.set(key, { target, until: now + (target ? RESOLVE_FOUND_TTL_MS : RESOLVE_MISSING_TTL_MS) });
    return target;
  }

  /**
   * One transaction for the panel, serialised with the panel's other frames on every instance (an
   * advisory lock on the panel): a resend that races its original then sees it in the journal.
   * Deadlocks and serialisation failures run it again: nothing was answered yet.
   */
  function inPanel<T>(target: PanelTarget, fn: (tx: Tx) => Promise<T>, onFailure?: () => void) {
    return retryOnConflict(
      () =>
        db.withTenant(target.companyId, fn, { lockKey: `panel:${target.panelId}` }).catch((err: unknown) => {
          onFailure?.();
          throw err;
        }),
      { label: 'panel signal' },
    );
  }

  /** A well-formed frame of a known panel: steps 2 to 8, in the panel's transaction. */
  async function processFrame(
    target: PanelTarget,
    frame: Dc09Frame,
    bytes: Buffer,
    meta: IngestMeta,
    now: Date,
  ) {
    const linkTest = await linkTests.frame(target, frame, bytes, meta.transport, now);
    if (linkTest === 'gone') {
      resolved.delete(panelLookupKey(frame.prefix, frame.account));
      counters.unknownPanel++;
      return buildDuh(frame);
    }
    if (linkTest) {
      counters.accepted++;
      counters.groupedLinkTests++;
      return linkTest;
    }
    const grouped = await alarmFrame(target, frame, bytes, meta.transport, now);
    if (grouped) {
      counters.accepted++;
      counters.groupedAlarms++;
      return grouped;
    }
    const lookup = panelLookupKey(frame.prefix, frame.account);
    let recorded = false;
    const outcome = await inPanel<Outcome>(
      target,
      async (tx) => {
        recorded = false;
        const panel = await findPanelOf(tx, target);
        // Deleted, or its account changed since the look-up: this frame is no longer its.
        if (!panel || panel.account !== frame.account.toUpperCase()) return { gone: true };
        const checked = checkFrame(secrets, panel, frame, bytes, now);
        if (!checked.ok) {
          const row = refusal(
            panel.id,
            now,
            meta.transport,
            checked.raw,
            frame.sequence,
          )(checked.meaning, checked.answer);
          await insertSignals(tx, target.companyId, [row]);
          counters.refused++;
          return { answer: checked.bytes };
        }
        const { clear, raw } = checked;
        const contentHash = frameContentHash(clear);
        // In memory first (recorded for this transaction: forgotten if it fails), then the journal,
        // which a second instance or a restart also sees.
        recorded = true;
        // By panel id: a panel deleted and created again with the same account starts afresh.
        const seen = window.check(panel.id, clear.sequence, contentHash, now.getTime());
        const ack = buildAck(clear, { key: checked.key, now });
        if (
          seen === 'duplicate' ||
          (await wasTaken(
            tx,
            target.companyId,
            panel.id,
            clear.sequence,
            contentHash,
            new Date(now.getTime() - RESEND_WINDOW_MS),
          ))
        ) {
          const refuse = refusal(panel.id, now, meta.transport, raw, frame.sequence);
          await insertSignals(tx, target.companyId, [
            {
              ...refuse(duplicateText(clear.sequence), 'DUH'),
              contentHash,
              answer: 'ACK',
              outcome: 'duplicate',
            },
          ]);
          const inTest = panel.testUntil !== null && panel.testUntil.getTime() > now.getTime();
          await restart(tx, target, panel, now, inTest);
          counters.duplicates++;
          counters.accepted++;
          return { answer: ack };
        }
        await take(
          tx,
          target,
          panel,
          { transport: meta.transport, raw, sequence: clear.sequence, contentHash, events: checked.events },
          now,
        );
        counters.accepted++;
        return { answer: ack };
      },
      () => {
        if (recorded) window.forget(target.panelId);
      },
    );
    if ('gone' in outcome) {
      resolved.delete(lookup);
      counters.unknownPanel++;
      return buildDuh(frame);
    }
    return outcome.answer;
  }

  /** A frame that is intact but unreadable: journaled for the installer when its header names a panel. */
  async function journalSyntax(
    header: FrameHeader,
    bytes: Buffer,
    meta: IngestMeta,
    detail: string,
    now: Date,
  ) {
    try {
      const target = await resolve(header.prefix, header.account);
      if (!target) return;
      await db.withTenant(target.companyId, async (tx) => {
        const panel = await findPanelOf(tx, target);
        if (!panel) return;
        const row = refusal(
          panel.id,
          now,
          meta.transport,
          rawOf(bytes),
          header.sequence,
        )(refusedText.syntax(detail), 'DUH');
        await insertSignals(tx, target.companyId, [row]);
      });
    } catch (err) {
      // The DUH goes out all the same: the journal of a refused frame is a help, not a duty.
      log.warn({ err }, 'alarm receiver: could not journal a refused frame');
    }
  }

  async function handleFrame(bytes: Buffer, meta: IngestMeta): Promise<Buffer | null> {
    counters.frames++;
    const now = clock();
    const parsed = parseFrame(bytes);
    if (!parsed.ok) {
      if (parsed.silent) {
        counters.silent++;
        return null;
      }
      counters.refused++;
      if (parsed.header) await journalSyntax(parsed.header, bytes, meta, parsed.detail, now);
      return buildDuh(parsed.header);
    }
    const frame = parsed.frame;
    const target = await resolve(frame.prefix, frame.account);
    if (!target) {
      // No company to journal it for: counted and logged only.
      counters.unknownPanel++;
      log.debug(
        { prefix: frame.prefix, account: frame.account, remoteAddress: meta.remoteAddress },
        'alarm receiver: frame of an unknown panel, DUH',
      );
      return buildDuh(frame);
    }
    return processFrame(target, frame, bytes, meta, now);
  }

  async function handleSurgardLine(line: string, meta: IngestMeta): Promise<boolean> {
    counters.surgardLines++;
    const parsed = parseSurgardLine(line);
    // An unreadable line can never be matched: acknowledged, or the receiver repeats it forever.
    if (!parsed.ok) {
      counters.refused++;
      log.debug(
        { detail: parsed.detail, remoteAddress: meta.remoteAddress },
        'Sur-Gard input: line not understood',
      );
      return true;
    }
    const message = parsed.message;
    if (message.kind === 'heartbeat') return true;
    const prefix = deps.surgardLinePrefix;
    if (!prefix) {
      counters.unknownPanel++;
      log.warn(
        { account: message.account },
        'Sur-Gard input: SURGARD_LINE_PREFIX unset, event matched to no panel',
      );
      return true;
    }
    const target = await resolve(prefix, message.account);
    if (!target) {
      counters.unknownPanel++;
      log.debug({ account: message.account }, 'Sur-Gard input: event of an unknown account');
      return true;
    }
    const now = clock();
    // The line without its DC4 terminator and line ends: a resend hashes the same.
    const normalized = line.split(String.fromCharCode(DC4)).join('').trim();
    const contentHash = createHash('sha256').update(`surgard\n${normalized}`, 'latin1').digest('hex');
    const raw = rawLine(normalized);
    const outcome = await inPanel<Outcome>(target, async (tx) => {
      const panel = await findPanelOf(tx, target);
      if (!panel || panel.account !== message.account.toUpperCase()) return { gone: true };
      const since = new Date(now.getTime() - SURGARD_RESEND_WINDOW_MS);
      if (await wasTaken(tx, target.companyId, panel.id, null, contentHash, since)) {
        const row = refusal(panel.id, now, 'surgard', raw, null)(duplicateText(undefined), 'DUH');
        await insertSignals(tx, target.companyId, [
          { ...row, contentHash, answer: 'ACK', outcome: 'duplicate' },
        ]);
        counters.duplicates++;
        return { answer: null };
      }
      const event: DecodedEvent = { protocol: 'contact-id', ...message.event };
      await take(
        tx,
        target,
        panel,
        { transport: 'surgard', raw, sequence: null, contentHash, events: [event] },
        now,
      );
      counters.accepted++;
      return { answer: null };
    });
    if ('gone' in outcome) {
      resolved.delete(panelLookupKey(prefix, message.account));
      counters.unknownPanel++;
    }
    return true;
  }

  return { handleFrame, handleSurgardLine, stats: () => ({ ...counters }) };
}

const findPanelOf = (tx: Tx, target: PanelTarget) => findPanel(tx, target.companyId, target.panelId);
