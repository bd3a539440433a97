// The alarm's file of checks (levée de doute): read by the control room, appended to by operators
// (video viewed, checklist, calls, decision, authorities, notes, amendments), by the alarms' own
// transitions (taken in charge, closed) and by the interventions part (appendAlarmFileEntry). Every
// entry is numbered and chained in its alarm's file; nothing is ever changed or removed. Once the
// alarm is resolved, only notes and amendments are added.
import { randomUUID } from 'node:crypto';
import {
  type AlarmFile,
  type AlarmFileEntryKind,
  type AlarmFileRecording,
  type appendAlarmFileEntryBody,
  decisionOutcomeLabels,
  type InterventionEntryData,
  interventionEntryData,
} from '@vigie/contract/alarm-file.contract';
import { type AlarmType, alarmTypeLabels } from '@vigie/contract/alarms.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import type { AuthContext } from '../../../plugins/auth';
import { AppError } from '../../../plugins/errors';
import { recordAudit } from '../../audit/audit.service';
import { findCameraRow } from '../../cameras/cameras.service';
import { listAlarmRecordings, listCameraRecordings } from '../../cameras/recordings/recordings.service';
import { publishEvents } from '../../events/events.service';
import { readFile as readStoredFile, storeFile } from '../../files/files.service';
import { alarmResponseOf, getSiteInstructions } from '../../site-instructions/site-instructions.service';
import { alarmFileErrors as errors } from './alarm-file.errors';
import {
  checkChain,
  type FileActor,
  type FileAlarmRow,
  type FileEntryRow,
  timesOf,
  toEntryDto,
} from './alarm-file.models';
import * as repo from './alarm-file.repository';
import { signaturePng } from './alarm-file-signature';

/** The files module's kind of a file's drawn signature. */
export const SIGNATURE_KIND = 'alarm_file_signature';

type AppendBody = z.output<typeof appendAlarmFileEntryBody>;

/** A time given by the operator may be ahead of the server's clock by this much (a workstation's drift). */
const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

const requireOperator = (auth: AuthContext) => {
  if (auth.role === 'agent') throw errors.operatorsOnly();
};

const actorOf = (auth: AuthContext): FileActor => ({
  companyId: auth.companyId,
  userId: auth.userId,
  name: auth.user.name,
});

/** Writes one entry in the caller's transaction and tells the open screens; undefined when `onlyIf` was false. */
async function append(
  tx: Tx,
  actor: FileActor,
  alarmId: string,
  kind: AlarmFileEntryKind,
  data: Record<string, unknown>,
  opts: {
    amendsId?: string | null;
    onlyIf?: Parameters<typeof repo.insertEntry>[3];
    /** Written by an alarm's transition (acknowledge, resolve) that publishes its own alarm.updated. */
    silent?: boolean;
  } = {},
): Promise<FileEntryRow | undefined> {
  const row = await repo.insertEntry(
    tx,
    actor.companyId,
    {
      id: randomUUID(),
      alarmId,
      kind,
      at: new Date(),
      data: JSON.stringify(data),
      actorUserId: actor.userId,
      actorName: actor.name,
      amendsId: opts.amendsId ?? null,
    },
    opts.onlyIf,
  );
  if (row && !opts.silent)
    await publishEvents(tx, actor.companyId, [
      { type: 'alarm.updated', payload: { id: alarmId, change: 'file', kind, number: row.number } },
    ]);
  return row;
}

async function responseOf(tx: Tx, alarm: FileAlarmRow) {
  const instructions = await getSiteInstructions(tx, alarm.site_id);
  return { instructions, response: alarmResponseOf(instructions, alarm.type as AlarmType) };
}

/** The file as the API answers it, read in the caller's transaction. */
async function fileOf(tx: Tx, companyId: string, alarm: FileAlarmRow): Promise<AlarmFile> {
  const [{ instructions, response }, rows, counter] = [
    await responseOf(tx, alarm),
    await repo.entriesOf(tx, companyId, alarm.id),
    await repo.counterOf(tx, companyId, alarm.id),
  ];
  const amendedBy = new Map<string, string[]>();
  for (const r of rows)
    if (r.amends_id) amendedBy.set(r.amends_id, [...(amendedBy.get(r.amends_id) ?? []), r.id]);
  const entries = rows.map((r) => toEntryDto(r, amendedBy.get(r.id) ?? []));
  const { times, durations, decision } = timesOf(alarm, entries);
  return {
    alarmId: alarm.id,
    response,
    closed: alarm.status === 'resolved',
    times,
    durations,
    decision,
    entries,
    chain: checkChain(companyId, rows, counter),
    instructions: { steps: instructions.steps, contacts: instructions.contacts },
    fingerprint: rows.at(-1)?.hash ?? null,
    signed: rows.some((r) => r.kind === 'signature'),
  };
}

/** The file and the alarm it belongs to (for the PDF). */
export async function readFile(db: Database, auth: AuthContext, alarmId: string) {
  requireOperator(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const alarm = await repo.findAlarm(tx, auth.companyId, alarmId);
    if (!alarm) throw errors.alarmNotFound();
    return fileOf(tx, auth.companyId, alarm);
  });
}

/** The first time an operator opened the alarm's details; later calls add nothing. */
export async function markShown(db: Database, auth: AuthContext, alarmId: string) {
  requireOperator(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const alarm = await repo.lockAlarm(tx, auth.companyId, alarmId);
    if (!alarm) throw errors.alarmNotFound();
    if (alarm.status !== 'resolved')
      await append(
        tx,
        actorOf(auth),
        alarmId,
        'shown',
        {},
        {
          onlyIf: repo.noEntryOfKind(auth.companyId, alarmId, 'shown'),
        },
      );
    return fileOf(tx, auth.companyId, alarm);
  });
}

const notInFuture = (value: string | null | undefined, field: string) => {
  if (!value) return new Date().toISOString();
  const at = new Date(value);
  if (at.getTime() > Date.now() + FUTURE_TOLERANCE_MS) throw errors.futureTime(field);
  return at.toISOString();
};

/** A video entry's camera (of the alarm's site) and recording, checked before the entry's transaction. */
async function videoData(
  db: Database,
  auth: AuthContext,
  alarmId: string,
  body: AppendBody & { kind: 'video_viewed' },
) {
  if (!body.recordingId && !(body.from && body.to)) throw errors.videoPeriodMissing();
  let recording: AlarmFileRecording | null = null;
  if (body.from && body.to && Date.parse(body.to) < Date.parse(body.from)) throw errors.videoPeriodOrder();
  if (body.recordingId) {
    const ofCamera = await listCameraRecordings(db, auth, body.cameraId).catch(() => []);
    const ofAlarm = await listAlarmRecordings(db, auth, alarmId).catch(() => []);
    const found = [...ofCamera, ...ofAlarm].find(
      (r) => r.id === body.recordingId && r.cameraId === body.cameraId,
    );
    if (!found) throw errors.recordingNotFound();
    // What was watched, as proof: the clip's own time range and fingerprint, not only its id.
    recording = {
      kind: found.kind,
      trigger: found.trigger,
      startedAt: found.startedAt,
      endedAt: found.endedAt,
      sha256: found.sha256,
    };
  }
  return {
    recording,
    cameraId: body.cameraId,
    from: body.from ? new Date(body.from).toISOString() : null,
    to: body.to ? new Date(body.to).toISOString() : null,
    recordingId: body.recordingId ?? null,
    remark: body.remark,
  };
}

/** An operator's entry (POST /api/alarms/:id/file/entries); answers the file as it now is. */
export async function appendFromOperator(db: Database, auth: AuthContext, alarmId: string, body: AppendBody) {
  requireOperator(auth);
  const video = body.kind === 'video_viewed' ? await videoData(db, auth, alarmId, body) : undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const alarm = await repo.lockAlarm(tx, auth.companyId, alarmId);
    if (!alarm) throw errors.alarmNotFound();
    if (alarm.status === 'resolved' && body.kind !== 'note' && body.kind !== 'amendment')
      throw errors.closed();
    const actor = actorOf(auth);
    switch (body.kind) {
      case 'note':
        await append(tx, actor, alarmId, 'note', { text: body.text });
        break;
      case 'amendment': {
        if (!(await repo.entryOfAlarm(tx, auth.companyId, alarmId, body.amendsEntryId)))
          throw errors.amendedNotFound();
        await append(tx, actor, alarmId, 'amendment', { text: body.text }, { amendsId: body.amendsEntryId });
        break;
      }
      case 'video_viewed': {
        const v = video as NonNullable<typeof video>;
        const camera = await findCameraRow(tx, auth.companyId, v.cameraId).catch((err: unknown) => {
          throw err instanceof AppError && err.statusCode === 404 ? errors.cameraNotFound() : err;
        });
        if (camera.siteId !== alarm.site_id) throw errors.cameraOfAnotherSite();
        await append(tx, actor, alarmId, 'video_viewed', {
          cameraId: v.cameraId,
          cameraName: camera.name,
          from: v.from,
          to: v.to,
          recordingId: v.recordingId,
          recording: v.recording,
          remark: v.remark,
        });
        break;
      }
      case 'checklist_step':
        await append(tx, actor, alarmId, 'checklist_step', {
          stepIndex: body.stepIndex ?? null,
          text: body.text,
          ticked: body.ticked,
          remark: body.remark,
        });
        break;
      case 'call':
        await append(tx, actor, alarmId, 'call', {
          contactName: body.contactName,
          role: body.role,
          number: body.number,
          calledAt: notInFuture(body.calledAt, 'calledAt'),
          outcome: body.outcome,
          remark: body.remark,
        });
        break;
      case 'decision':
        await append(tx, actor, alarmId, 'decision', { outcome: body.outcome, reason: body.reason });
        break;
      case 'authorities':
        await append(tx, actor, alarmId, 'authorities', {
          service: body.service,
          calledAt: notInFuture(body.calledAt, 'calledAt'),
          reference: body.reference,
          remark: body.remark,
        });
        break;
    }
    return fileOf(tx, auth.companyId, alarm);
  });
}

/**
 * The drawn signature closing the file (POST /api/alarms/:id/file/signature): by an operator or an
 * administrator once the alarm is resolved, once per file, appended as a chained entry whose data
 * seal the image's SHA-256 (the image itself is kept by the files module). Audited.
 */
export async function signFile(db: Database, auth: AuthContext, alarmId: string, signature: string) {
  requireOperator(auth);
  // Another company's alarm answers 404 whatever the body; then the image is decoded outside the
  // writing transaction: a bad image changes nothing and holds no connection.
  const exists = await db.withTenant(auth.companyId, (tx) => repo.findAlarm(tx, auth.companyId, alarmId));
  if (!exists) throw errors.alarmNotFound();
  const { png, sha256 } = await signaturePng(signature);
  try {
    return await db.withTenant(auth.companyId, async (tx) => {
      const alarm = await repo.lockAlarmForUpdate(tx, auth.companyId, alarmId);
      if (!alarm) throw errors.alarmNotFound();
      if (alarm.status !== 'resolved') throw errors.notClosedForSignature();
      if ((await repo.kindsInFile(tx, auth.companyId, alarmId)).has('signature'))
        throw errors.alreadySigned();
      const fileId = await storeFile(tx, auth.companyId, {
        kind: SIGNATURE_KIND,
        contentType: 'image/png',
        data: png,
      });
      const row = await append(tx, actorOf(auth), alarmId, 'signature', { fileId, sha256 });
      if (!row) throw new Error('alarm file signature not written');
      await recordAudit(tx, {
        companyId: auth.companyId,
        actorUserId: auth.userId,
        action: 'alarm_file.signed',
        entity: 'alarm',
        entityId: alarmId,
        details: { alarmTitle: alarm.title, number: row.number, fingerprint: row.hash },
      });
      return fileOf(tx, auth.companyId, alarm);
    });
  } catch (err) {
    // Two signatures at once despite the row lock (another path): the index keeps one.
    if (isUniqueViolation(err, 'alarm_file_entries_one_signature_key')) throw errors.alreadySigned();
    throw err;
  }
}

/** The file's signature image (PNG), for operators and administrators. */
export async function getSignature(db: Database, auth: AuthContext, alarmId: string) {
  requireOperator(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const alarm = await repo.findAlarm(tx, auth.companyId, alarmId);
    if (!alarm) throw errors.alarmNotFound();
    const entry = (await repo.entriesOf(tx, auth.companyId, alarmId)).find((r) => r.kind === 'signature');
    if (!entry) throw errors.noSignature();
    const { fileId } = JSON.parse(entry.data) as { fileId: string };
    const stored = await readStoredFile(tx, auth.companyId, fileId);
    if (!stored) throw errors.noSignature();
    return stored;
  });
}

// ---- The alarms module's transitions, in their own transactions.

/** Taken in charge (acknowledge): in the acknowledgement's transaction. */
export async function recordTaken(tx: Tx, actor: FileActor, alarmId: string) {
  await append(tx, actor, alarmId, 'taken', { by: actor.name }, { silent: true });
}

/**
 * A resolution by an operator, in its transaction, after the alarm's row was marked resolved: the
 * decision given with it (or the one already in the file) is required — except for an alarm the
 * site's instructions call active (panic, duress), which skips the verification: Vigie writes its
 * decision « Sans levée de doute (alarme active) », the file keeps what raised it. Then the taken in
 * charge (when the resolution also took it) and the closing.
 */
export async function recordResolution(
  tx: Tx,
  actor: FileActor,
  alarmId: string,
  input: {
    note: string;
    decision?: { outcome: 'positive' | 'negative' | 'impossible'; reason: string } | null;
  },
) {
  const alarm = await repo.findAlarm(tx, actor.companyId, alarmId);
  if (!alarm) throw errors.alarmNotFound();
  const kinds = await repo.kindsInFile(tx, actor.companyId, alarmId);
  if (input.decision) {
    await append(
      tx,
      actor,
      alarmId,
      'decision',
      {
        outcome: input.decision.outcome,
        reason: input.decision.reason,
      },
      { silent: true },
    );
  } else if (!kinds.has('decision')) {
    const { response } = await responseOf(tx, alarm);
    if (response !== 'active') throw errors.decisionRequired();
    const type = alarmTypeLabels[alarm.type as AlarmType] ?? alarm.type;
    await append(
      tx,
      actor,
      alarmId,
      'decision',
      {
        outcome: 'not_required',
        reason: `${decisionOutcomeLabels.not_required} : alarme « ${type} » traitée directement selon les consignes du site`,
      },
      { silent: true },
    );
  }
  if (!kinds.has('taken')) await append(tx, actor, alarmId, 'taken', { by: actor.name }, { silent: true });
  await append(tx, actor, alarmId, 'closed', { note: input.note, automatic: false }, { silent: true });
}

/** Alarms Vigie resolves itself (a camera back online): closed, with no verification to record. */
export async function recordAutomaticClosing(tx: Tx, actor: FileActor, alarmIds: string[], note: string) {
  for (const id of alarmIds)
    await append(tx, actor, id, 'closed', { note, automatic: true }, { silent: true });
}

// ---- For the interventions part.

export interface InterventionFileEntry {
  alarmId: string;
  kind: 'intervention';
  actorUserId: string | null;
  /** Shown as the entry's author; the intervention's agent, else « Système ». */
  actorName?: string;
  data: InterventionEntryData;
}

/**
 * Appends an intervention's entry (its steps, the agent's closing report: text and photo file ids)
 * to the alarm's file in the caller's tenant transaction (the company is the transaction's). Allowed
 * after the alarm's resolution too: it adds to the file. Throws the alarm-not-found error when the
 * alarm is not the company's.
 */
export async function appendAlarmFileEntry(tx: Tx, input: InterventionFileEntry) {
  const companyId = await repo.tenantOf(tx);
  if (!companyId) throw errors.alarmNotFound();
  const alarm = await repo.lockAlarm(tx, companyId, input.alarmId);
  if (!alarm) throw errors.alarmNotFound();
  const data = interventionEntryData.parse(input.data);
  const name = input.actorName ?? data.agentName ?? 'Système';
  const row = await append(
    tx,
    { companyId, userId: input.actorUserId, name },
    input.alarmId,
    'intervention',
    data,
  );
  if (!row) throw new Error('alarm file entry not written');
  return { id: row.id, number: row.number, hash: row.hash };
}
