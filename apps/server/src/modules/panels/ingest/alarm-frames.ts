// The alarm frames' grouped path. Most frames that are not link tests carry one alarm event (a
// burglary, a fire). Taken in the panel's own transaction (lock, panel row, resend check, alarm,
// notification, journal, timer: about ten round trips), 100 of them a second kept the receiver's
// 2 cores busy writing to sockets. Here the panel is read afresh with the resend check in one round
// trip, then the alarm joins the company's alarm-creation group (alarms.service createAlarm, decision
// 0007) with its journal row and its panel's timer as one more statement of that group: the alarm,
// its journal row and the timer commit together, and the ACK goes out once they have.
// Anything else (several events, a restore, test mode, a lost link, a resend, a refusal) takes the
// panel's transaction, as before.
import type { Database } from '../../../db/client';
import type { SecretBox } from '../../../plugins/secrets';
import { createAlarm } from '../../alarms/alarms.service';
import { buildAck } from '../protocol/answer';
import { classifyEvent, describeEvent } from '../protocol/describe-event';
import type { Dc09Frame } from '../protocol/frame';
import { frameContentHash, type SequenceWindow } from '../protocol/sequence-window';
import { checkFrame } from './check-frame';
import {
  alarmFrameJournalSql,
  alarmFrameState,
  type IngestPanel,
  type PanelTarget,
} from './ingest.repository';
import { cleanText, zoneColumn, zoneNameIn, zoneOf } from './signal-text';
import { alarmInput, panelActor } from './take-signal';

export type AlarmFrameDeps = {
  db: Database;
  secrets: SecretBox;
  window: SequenceWindow;
  /** The panel's row from the link tests' short cache (link-tests.ts). */
  cachedPanel: (target: PanelTarget) => Promise<IngestPanel | undefined>;
  /** How far back a resend is recognised (ingest.service RESEND_WINDOW_MS). */
  resendWindowMs: number;
};

/** Answers the ACK once the alarm is committed, or null when the frame must take the panel's transaction. */
export function createAlarmFramePath(deps: AlarmFrameDeps) {
  const { db, secrets, window } = deps;
  return async function alarmFrame(
    target: PanelTarget,
    frame: Dc09Frame,
    bytes: Buffer,
    transport: 'tcp' | 'udp',
    now: Date,
  ): Promise<Buffer | null> {
    const panel = await deps.cachedPanel(target);
    if (!panel || panel.account !== frame.account.toUpperCase()) return null;
    const checked = checkFrame(secrets, panel, frame, bytes, now);
    if (!checked.ok || checked.events.length !== 1) return null;
    const event = checked.events[0] as (typeof checked.events)[number];
    const { outcome, param } = classifyEvent(event);
    if (outcome.kind !== 'alarm') return null;
    const sequence = checked.clear.sequence;
    const contentHash = frameContentHash(checked.clear);
    // Afresh: a panel put in test, deleted or renumbered a moment ago is not taken from the cache.
    const state = await alarmFrameState(
      db,
      target.companyId,
      panel.id,
      sequence,
      contentHash,
      new Date(now.getTime() - deps.resendWindowMs),
    );
    const inTest = state?.testUntil != null && state.testUntil.getTime() > now.getTime();
    if (!state || state.account !== panel.account || inTest || state.linkState === 'lost' || state.taken) {
      return null;
    }
    if (window.check(panel.id, sequence, contentHash, now.getTime()) === 'duplicate') return null;
    const zoneName = zoneNameIn(panel.zones);
    const zone = zoneOf(event, param);
    const meaning = cleanText(describeEvent(event, { zoneName }), 1000);
    try {
      await createAlarm(
        db,
        panelActor(target.companyId, panel.name),
        alarmInput(panel, outcome, zone, zoneName, meaning),
        (alarmId) =>
          alarmFrameJournalSql(target.companyId, {
            panelId: panel.id,
            receivedAt: now,
            transport,
            raw: checked.raw,
            sequence,
            contentHash,
            meaning,
            answer: 'ACK',
            outcome: 'alarm',
            alarmId,
            zone: zoneColumn(zone),
            alarmType: outcome.type,
          }),
      );
    } catch (err) {
      window.forget(panel.id);
      throw err;
    }
    return buildAck(checked.clear, { key: checked.key, now });
  };
}
