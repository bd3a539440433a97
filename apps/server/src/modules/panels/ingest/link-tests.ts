// The link tests' fast path. A receiver's traffic is mostly supervision (issue 32's bench: 90 % of
// the frames are NULL link tests): each one only restarts its panel's timer and writes a journal row.
// Giving each its own transaction (panel lock, panel row, resend check, journal, timer: 6 round
// trips) held the receiver to about 340 frames a second on 2 cores. Here the panel's row comes from
// a 2-second cache (loaded for many panels at once), and the link tests of one company are written
// together in ONE statement and one round trip, one group at a time (those arriving during a write
// form the next group), then answered ACK once committed. A lost link heard again is restored in a
// transaction of its own, with its « Liaison rétablie » entry. What it gives up: a link test resent
// after a restart is journaled twice (the resend check in memory still holds within one process);
// it creates nothing either way.
import type { Database } from '../../../db/client';
import { GroupCommit } from '../../../db/group-commit';
import { retryOnConflict } from '../../../db/retry';
import type { SecretBox } from '../../../plugins/secrets';
import { buildAck } from '../protocol/answer';
import { classifyEvent, describeEvent } from '../protocol/describe-event';
import type { Dc09Frame } from '../protocol/frame';
import { frameContentHash, type SequenceWindow } from '../protocol/sequence-window';
import { checkFrame } from './check-frame';
import {
  findPanels,
  type IngestPanel,
  type LinkTestRow,
  type PanelTarget,
  recordLinkTests,
  restoreLinks,
} from './ingest.repository';
import { cleanText, zoneColumn, zoneNameIn, zoneOf } from './signal-text';
import { appendLinkRestored } from './take-signal';

/** A cached panel row serves this long: a deleted panel or a new key takes effect within it. */
const PANEL_TTL_MS = 2_000;
const PANEL_CACHE_MAX = 50_000;
/** Frames per statement at most; one group of a company is written at a time. */
const GROUP_MAX = 500;

export type LinkTestPath = {
  /** The panel's row, from the cache or read with the other panels missed in the same turn. */
  panel(target: PanelTarget): Promise<IngestPanel | undefined>;
  /**
   * A frame of link tests only, from a panel whose cached row accepts it: its ACK once its group is
   * committed, 'gone' when the panel no longer exists, or null when the frame must take the panel's
   * transaction (not only link tests, a refusal, a resend).
   */
  frame(
    target: PanelTarget,
    frame: Dc09Frame,
    bytes: Buffer,
    transport: 'tcp' | 'udp',
    now: Date,
  ): Promise<Buffer | 'gone' | null>;
};

export type LinkTestDeps = {
  db: Database;
  secrets: SecretBox;
  window: SequenceWindow;
  clock: () => Date;
  log: { warn(obj: object, msg: string): void };
};

export function createLinkTestPath({ db, secrets, window, clock, log }: LinkTestDeps): LinkTestPath {
  const cache = new Map<string, { panel: IngestPanel | undefined; until: number }>();

  const loader = new GroupCommit<string, IngestPanel | undefined>(async (companyId, ids) => {
    const rows = await db.withTenant(companyId, (tx) => findPanels(tx, companyId, [...new Set(ids)]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id));
  });

  const writer = new GroupCommit<LinkTestRow[], boolean>(
    async (companyId, frames) => {
      const now = clock();
      const touched = await retryOnConflict(() => recordLinkTests(db, companyId, frames.flat()), {
        label: 'panel link tests',
      });
      const lost = touched.filter((p) => p.previous === 'lost').map((p) => p.id);
      // The rows above are committed: a failure here must not fail (and so repeat) them. The links
      // stay 'lost' and the panels' next link tests restore them.
      if (lost.length > 0) {
        await restore(companyId, lost, now).catch((err: unknown) =>
          log.warn({ err, companyId }, 'alarm receiver: lost links heard again, restoration postponed'),
        );
      }
      const found = new Set(touched.map((p) => p.id));
      return frames.map((rows) => rows.every((row) => found.has(row.panelId)));
    },
    GROUP_MAX,
    true,
  );

  /** The lost links heard again: 'ok', with a « Liaison rétablie » entry unless in test. */
  async function restore(companyId: string, panelIds: string[], now: Date) {
    await db.withTenant(companyId, async (tx) => {
      for (const p of await restoreLinks(tx, companyId, panelIds)) {
        const inTest = p.testUntil !== null && p.testUntil.getTime() > now.getTime();
        if (inTest) continue;
        await appendLinkRestored(tx, companyId, p, now);
      }
    });
  }

  async function panel(target: PanelTarget) {
    const now = Date.now();
    const hit = cache.get(target.panelId);
    if (hit && hit.until > now) return hit.panel;
    const row = await loader.submit(target.companyId, target.panelId);
    if (cache.size >= PANEL_CACHE_MAX) cache.clear();
    cache.set(target.panelId, { panel: row, until: now + PANEL_TTL_MS });
    return row;
  }

  async function linkTestFrame(
    target: PanelTarget,
    frame: Dc09Frame,
    bytes: Buffer,
    transport: 'tcp' | 'udp',
    now: Date,
  ): Promise<Buffer | 'gone' | null> {
    const cached = await panel(target);
    if (!cached || cached.account !== frame.account.toUpperCase()) return null;
    const checked = checkFrame(secrets, cached, frame, bytes, now);
    if (!checked.ok || !checked.events.every((e) => classifyEvent(e).outcome.kind === 'supervision'))
      return null;
    const contentHash = frameContentHash(checked.clear);
    if (window.check(cached.id, checked.clear.sequence, contentHash, now.getTime()) === 'duplicate')
      return null;
    const zoneName = zoneNameIn(cached.zones);
    const rows: LinkTestRow[] = checked.events.map((event) => ({
      panelId: cached.id,
      receivedAt: now,
      transport,
      raw: checked.raw,
      sequence: checked.clear.sequence,
      contentHash,
      meaning: cleanText(describeEvent(event, { zoneName }), 1000),
      zone: zoneColumn(zoneOf(event, classifyEvent(event).param)),
    }));
    let written: boolean;
    try {
      written = await writer.submit(target.companyId, rows);
    } catch (err) {
      window.forget(cached.id);
      throw err;
    }
    if (!written) {
      window.forget(cached.id);
      cache.delete(cached.id);
      return 'gone';
    }
    return buildAck(checked.clear, { key: checked.key, now });
  }

  return { panel, frame: linkTestFrame };
}
