// Alarm rules: anyone signed in reads, raises and comments (a field agent must be able to raise an
// alarm and report on it); acknowledging and resolving are for operators and administrators.
// Each change writes its timeline entry, its audit entry and its real-time event in its transaction.

import { randomUUID } from 'node:crypto';
import type {
  Alarm,
  AlarmType,
  commentAlarmBody,
  createAlarmBody,
  listAlarmsQuery,
  resolveAlarmBody,
} from '@vigie/contract/alarms.contract';
import type { UserRole } from '@vigie/contract/enums';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { GroupCommit } from '../../db/group-commit';
import { retryOnConflict } from '../../db/retry';
import type { AuthContext } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { decodeCursor } from '../../plugins/pagination';
import { recordAudits } from '../audit/audit.service';
import { findCameraRow } from '../cameras/cameras.service';
import { publishEvents } from '../events/events.service';
import { listAlarmsPage } from './alarm-list.repository';
import { newAlarmsNotificationSql, notifyNewAlarms } from './alarm-notifications.repository';
import { alarmErrors } from './alarms.errors';
import { type AlarmRow, alarmEventPayload, toAlarmDto } from './alarms.models';
import * as repo from './alarms.repository';
import { recordAutomaticClosing, recordResolution, recordTaken } from './file/alarm-file.service';

/** Who acts: a signed-in user, a device (integration key) or Vigie itself (monitor, escalation). */
export interface Actor {
  companyId: string;
  userId: string | null;
  name: string;
  role: UserRole | null;
  source: 'user' | 'device' | 'system';
  timezone: string;
}

export const actorOf = (auth: AuthContext): Actor => ({
  companyId: auth.companyId,
  userId: auth.userId,
  name: auth.user.name,
  role: auth.role,
  source: 'user',
  timezone: auth.user.timezone,
});

export const systemActor = (companyId: string): Actor => ({
  companyId,
  userId: null,
  name: 'Système',
  role: null,
  source: 'system',
  timezone: 'Europe/Paris',
});

const requireOperator = (actor: Actor) => {
  if (actor.source === 'user' && actor.role === 'agent') throw alarmErrors.operatorsOnly();
};

export async function listAlarms(db: Database, auth: AuthContext, q: z.output<typeof listAlarmsQuery>) {
  const after = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  const filter = {
    status: q.status,
    severity: q.severity,
    siteId: q.siteId,
    type: q.type,
    from: q.from,
    to: q.to,
    search: q.search,
  };
  const { rows, total } = await listAlarmsPage(db, auth.companyId, filter, { limit: q.limit, after });
  return {
    rows: rows.map((r) => ({ dto: toAlarmDto(r, auth.user.timezone), cursor: [r.cursor_at, r.id] })),
    total,
  };
}

async function loadAlarm(tx: Tx, actor: Actor, id: string) {
  const row = await repo.findAlarm(tx, actor.companyId, id);
  if (!row) throw alarmErrors.notFound();
  return toAlarmDto(row, actor.timezone);
}

export async function getAlarm(db: Database, auth: AuthContext, id: string) {
  const row = await repo.findAlarmRead(db, auth.companyId, id);
  if (!row) throw alarmErrors.notFound();
  return toAlarmDto(row, auth.user.timezone);
}

/** A user's or device's alarm, or one Vigie raises itself (the planning watch's types). */
export type CreateAlarmInput = Omit<z.output<typeof createAlarmBody>, 'type'> & { type: AlarmType };

const newAlarmOf = (actor: Actor, input: CreateAlarmInput): repo.NewAlarm => ({
  id: randomUUID(),
  siteId: input.siteId,
  cameraId: input.cameraId ?? null,
  type: input.type,
  severity: input.severity,
  title: input.title,
  description: input.description,
  location: input.location,
  triggeredBy: input.triggeredBy ?? null,
  source: actor.source,
  authorUserId: actor.userId,
  authorName: actor.name,
});

/**
 * Creates in the caller's transaction; undefined when a camera already has its open offline alarm.
 * Administrators and operators are notified (alarm-notifications.repository.ts) unless `notify` is false: a
 * caller that tells them itself, in its own words.
 */
export async function insertAlarm(
  tx: Tx,
  actor: Actor,
  input: CreateAlarmInput,
  opts: { notify?: boolean } = {},
): Promise<Alarm | undefined> {
  if (input.cameraId) {
    const camera = await findCameraRow(tx, actor.companyId, input.cameraId).catch((err: unknown) => {
      throw err instanceof AppError && err.statusCode === 404 ? alarmErrors.cameraNotFound() : err;
    });
    if (camera.siteId !== input.siteId) throw alarmErrors.cameraOfAnotherSite();
  }
  const [row] = await repo.insertAlarms(tx, actor.companyId, [newAlarmOf(actor, input)]);
  if (row) {
    if (opts.notify !== false) await notifyNewAlarms(tx, actor.companyId, [row.id]);
    return toAlarmDto(row, actor.timezone);
  }
  if (input.type === 'camera_offline' && input.cameraId) return undefined;
  throw alarmErrors.siteNotFound();
}

interface Creation {
  alarm: repo.NewAlarm;
  timezone: string;
  /** A statement for the same transaction (a device key's last use). */
  alongside: SQL | undefined;
}

/** Concurrent creations of a company share a transaction (db/group-commit.ts); one per database. */
const creationGroups = new WeakMap<Database, GroupCommit<Creation, Alarm | undefined>>();
function creationsOf(db: Database) {
  let group = creationGroups.get(db);
  if (!group) {
    group = new GroupCommit(async (companyId, items) => {
      // One round trip and one transaction: the alarms, the side statements, then the one statement
      // that notifies of every alarm of the group that was created.
      const also = items.flatMap((c) => (c.alongside ? [c.alongside] : []));
      also.push(
        newAlarmsNotificationSql(
          companyId,
          items.map((c) => c.alarm.id),
        ),
      );
      // One message, one implicit transaction: a conflict rolled all of it back, and no caller has
      // its answer yet, so it is safe to run again (db/retry.ts).
      const rows = await retryOnConflict(
        () =>
          db.writeTenant<AlarmRow>(
            companyId,
            repo.insertAlarmsSql(
              companyId,
              items.map((c) => c.alarm),
            ),
            also,
          ),
        { label: 'alarm creation group' },
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return items.map((c) => {
        const row = byId.get(c.alarm.id);
        return row && toAlarmDto(row, c.timezone);
      });
    });
    creationGroups.set(db, group);
  }
  return group;
}

export async function createAlarm(
  db: Database,
  actor: Actor,
  input: CreateAlarmInput,
  /**
   * A statement for the same transaction (a device key's last use), or one made with the new
   * alarm's id (an alarm panel's journal row naming the alarm it raised).
   */
  alongside?: SQL | ((alarmId: string) => SQL),
) {
  if (input.cameraId) {
    // A camera's alarm first checks the camera: its own transaction.
    return retryOnConflict(
      () =>
        db.withTenant(actor.companyId, async (tx) => {
          const alarm = await insertAlarm(tx, actor, input);
          // A user's camera_offline alarm on a camera that already has one: show the open one.
          if (!alarm) throw alarmErrors.alreadyOpenForCamera();
          if (alongside) await tx.execute(typeof alongside === 'function' ? alongside(alarm.id) : alongside);
          return alarm;
        }),
      { label: 'alarm creation' },
    );
  }
  const row = newAlarmOf(actor, input);
  const alarm = await creationsOf(db).submit(actor.companyId, {
    alarm: row,
    timezone: actor.timezone,
    alongside: typeof alongside === 'function' ? alongside(row.id) : alongside,
  });
  if (!alarm) throw alarmErrors.siteNotFound();
  return alarm;
}

/** Timeline, audit and event of one change, then the alarm as it now is. */
async function recordChange(
  tx: Tx,
  actor: Actor,
  id: string,
  kind: 'acknowledged' | 'commented' | 'resolved' | 'escalated',
  note: string | null,
  details: Record<string, unknown> = {},
) {
  const [alarm] = await recordChanges(tx, actor, [id], kind, note, details);
  if (!alarm) throw alarmErrors.notFound();
  return alarm;
}

/**
 * A change of several alarms recorded in four statements whatever their number: timeline entries,
 * audit entries, the alarms as they now are, and their events. A 5,000-alarm escalation backlog
 * made 20,000 statements one after another (PGlite served no request meanwhile).
 */
async function recordChanges(
  tx: Tx,
  actor: Actor,
  ids: string[],
  kind: 'acknowledged' | 'commented' | 'resolved' | 'escalated',
  note: string | null,
  details: Record<string, unknown> = {},
) {
  if (ids.length === 0) return [];
  await repo.insertTimeline(
    tx,
    actor.companyId,
    ids.map((alarmId) => ({ alarmId, kind, authorUserId: actor.userId, author: actor.name, note })),
  );
  await recordAudits(
    tx,
    ids.map((entityId) => ({
      companyId: actor.companyId,
      actorUserId: actor.userId,
      action: `alarm.${kind}`,
      entity: 'alarm',
      entityId,
      details,
    })),
  );
  const rows = new Map((await repo.findAlarms(tx, actor.companyId, ids)).map((r) => [r.id, r]));
  const alarms = ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toAlarmDto(row, actor.timezone)] : [];
  });
  await publishEvents(
    tx,
    actor.companyId,
    alarms.map((alarm) => ({
      type: kind === 'escalated' ? ('alarm.escalated' as const) : ('alarm.updated' as const),
      payload: { ...alarmEventPayload(alarm), change: kind },
    })),
  );
  return alarms;
}

/** A note on an alarm's timeline in the caller's transaction (another module's follow-up: a dispatch). */
export async function noteOnAlarm(tx: Tx, actor: Actor, id: string, note: string) {
  return recordChange(tx, actor, id, 'commented', note);
}

/** 404 when the alarm is not the company's, else the conflict its current status causes. */
async function transitionRefused(tx: Tx, actor: Actor, id: string) {
  const current = await loadAlarm(tx, actor, id);
  return current.status === 'resolved' ? alarmErrors.alreadyResolved() : alarmErrors.alreadyAcknowledged();
}

export async function acknowledgeAlarm(db: Database, actor: Actor, id: string) {
  requireOperator(actor);
  // The whole transaction again after a deadlock or serialisation failure (db/retry.ts).
  return retryOnConflict(
    () =>
      db.withTenant(actor.companyId, async (tx) => {
        if (!(await repo.markAcknowledged(tx, actor.companyId, id, actor.name)))
          throw await transitionRefused(tx, actor, id);
        // Taken in charge, in the alarm's file of checks.
        await recordTaken(tx, actor, id);
        return recordChange(tx, actor, id, 'acknowledged', null);
      }),
    { label: 'alarm acknowledgement' },
  );
}

export async function resolveAlarm(
  db: Database,
  actor: Actor,
  id: string,
  input: z.output<typeof resolveAlarmBody>,
) {
  requireOperator(actor);
  return retryOnConflict(
    () =>
      db.withTenant(actor.companyId, async (tx) => {
        const done = await repo.markResolved(tx, actor.companyId, repo.byId(id), actor.name, input.note);
        if (done.length === 0) throw await transitionRefused(tx, actor, id);
        // The file's decision (given now or already there) is required: a 409 rolls all of it back.
        await recordResolution(tx, actor, id, input);
        return recordChange(tx, actor, id, 'resolved', input.note);
      }),
    { label: 'alarm resolution' },
  );
}

export async function commentAlarm(
  db: Database,
  actor: Actor,
  id: string,
  input: z.output<typeof commentAlarmBody>,
) {
  return db.withTenant(actor.companyId, async (tx) => {
    await loadAlarm(tx, actor, id);
    return recordChange(tx, actor, id, 'commented', input.text, { length: input.text.length });
  });
}

/** For the monitor: resolves the camera's open offline alarm, if any, as the system. */
export async function resolveCameraOfflineAlarm(tx: Tx, companyId: string, cameraId: string, note: string) {
  const actor = systemActor(companyId);
  const ids = await repo.markResolved(tx, companyId, repo.openCameraOfflineOf(cameraId), actor.name, note);
  await recordAutomaticClosing(tx, actor, ids, note);
  await recordChanges(tx, actor, ids, 'resolved', note, { automatic: true });
  return ids;
}

/** For the escalation job: marks, records and announces; answers the alarms actually escalated. */
export async function escalateAlarms(tx: Tx, companyId: string, ids: string[], at: Date, note: string) {
  const actor = systemActor(companyId);
  const done = await repo.markEscalated(tx, companyId, ids, at);
  return recordChanges(tx, actor, done, 'escalated', note, { automatic: true });
}
