// The alarm's file, pure: the canonical form an entry's hash seals, the chain check, and the rows as
// the API shows them (times kept by Vigie and the durations between them).
import type {
  AlarmFile,
  AlarmFileEntry,
  AlarmFileEntryKind,
  alarmFileDurationsSchema,
} from '@vigie/contract/alarm-file.contract';
import type { z } from 'zod';
import { chainHash, chainParts, GENESIS_HASH } from '../../../lib/hash-chain';

/** Who writes an entry (an alarms Actor fits). */
export interface FileActor {
  companyId: string;
  userId: string | null;
  name: string;
}

/** An entry before the statement numbers and seals it. */
export interface NewFileEntry {
  id: string;
  alarmId: string;
  kind: AlarmFileEntryKind;
  at: Date;
  /** The content as JSON text: sealed and stored exactly so. */
  data: string;
  actorUserId: string | null;
  actorName: string;
  amendsId: string | null;
}

export interface FileEntryRow {
  id: string;
  alarm_id: string;
  number: number;
  kind: AlarmFileEntryKind;
  data: string;
  actor_user_id: string | null;
  actor_name: string;
  amends_id: string | null;
  prev_hash: string;
  hash: string;
  created_at: Date | string;
}

/** The alarm's own columns the file shows (its times are Vigie's). */
export interface FileAlarmRow {
  id: string;
  site_id: string;
  type: string;
  status: 'active' | 'acknowledged' | 'resolved';
  triggered_at: Date | string;
  acknowledged_at: Date | string | null;
  acknowledged_by: string | null;
  resolved_at: Date | string | null;
  resolved_by: string | null;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const isoOrNull = (d: Date | string | null | undefined) => (d ? iso(d) : null);

/**
 * canonical = JSON of ['vigie-alarm-file-v1', company, alarm, number, id, kind, at, data, actor id,
 * actor name, amended entry, prevHash], cut around the number (lib/hash-chain.ts).
 */
export function entryParts(companyId: string, e: NewFileEntry) {
  return chainParts(
    ['vigie-alarm-file-v1', companyId, e.alarmId],
    [e.id, e.kind, e.at.toISOString(), e.data, e.actorUserId, e.actorName, e.amendsId],
  );
}

export interface ChainCheck {
  ok: boolean;
  checked: number;
  firstBrokenNumber: number | null;
}

/** Recomputes the file's chain from its first entry and compares it with the counter row. */
export function checkChain(
  companyId: string,
  rows: FileEntryRow[],
  counter: { last: number; lastHash: string } | undefined,
): ChainCheck {
  let prev = GENESIS_HASH;
  let checked = 0;
  for (const r of rows) {
    const expected = chainHash(
      entryParts(companyId, {
        id: r.id,
        alarmId: r.alarm_id,
        kind: r.kind,
        at: new Date(r.created_at),
        data: r.data,
        actorUserId: r.actor_user_id,
        actorName: r.actor_name,
        amendsId: r.amends_id,
      }),
      r.number,
      prev,
    );
    if (r.number !== checked + 1) return { ok: false, checked, firstBrokenNumber: checked + 1 };
    if (r.prev_hash !== prev || r.hash !== expected)
      return { ok: false, checked, firstBrokenNumber: r.number };
    prev = r.hash;
    checked++;
  }
  // An entry removed at the end: the counter remembers it.
  if (counter && (counter.last !== checked || counter.lastHash !== prev))
    return { ok: false, checked, firstBrokenNumber: checked + 1 };
  return { ok: true, checked, firstBrokenNumber: null };
}

export function toEntryDto(r: FileEntryRow, amendedBy: string[]): AlarmFileEntry {
  return {
    id: r.id,
    number: Number(r.number),
    kind: r.kind,
    at: iso(r.created_at),
    actor: { userId: r.actor_user_id, name: r.actor_name },
    amendsId: r.amends_id,
    amendedBy,
    hash: r.hash,
    prevHash: r.prev_hash,
    data: JSON.parse(r.data),
  } as AlarmFileEntry;
}

const seconds = (from: string | null, to: string | null) =>
  from && to ? Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000)) : null;

type Durations = z.infer<typeof alarmFileDurationsSchema>;

/** The times Vigie keeps and the decision in force, from the alarm's row and its entries. */
export function timesOf(alarm: FileAlarmRow, entries: AlarmFileEntry[]) {
  const firstShown = entries.find((e) => e.kind === 'shown');
  const taken = entries.find((e) => e.kind === 'taken');
  // The decision in force is the last one written (an operator may revise it before closing).
  const decision = entries.findLast((e) => e.kind === 'decision');
  const closed = entries.findLast((e) => e.kind === 'closed');
  const receivedAt = iso(alarm.triggered_at);
  const takenAt = isoOrNull(alarm.acknowledged_at) ?? taken?.at ?? null;
  const decisionAt = decision?.at ?? null;
  const closedAt = isoOrNull(alarm.resolved_at) ?? closed?.at ?? null;
  const times: AlarmFile['times'] = {
    receivedAt,
    firstShownAt: firstShown?.at ?? null,
    takenAt,
    takenBy: alarm.acknowledged_by ?? (taken?.kind === 'taken' ? taken.data.by : null),
    decisionAt,
    decisionBy: decision?.actor.name ?? null,
    closedAt,
    closedBy: alarm.resolved_by ?? closed?.actor.name ?? null,
  };
  const durations: Durations = {
    receivedToShown: seconds(receivedAt, times.firstShownAt),
    receivedToTaken: seconds(receivedAt, takenAt),
    takenToDecision: seconds(takenAt, decisionAt),
    decisionToClosed: seconds(decisionAt, closedAt),
    receivedToClosed: seconds(receivedAt, closedAt),
  };
  return { times, durations, decision: decision?.kind === 'decision' ? decision.data : null };
}
