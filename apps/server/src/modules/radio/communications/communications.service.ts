// Communications: every transmission (from a handset, or push-to-talk in the browser) with its
// audio, its transcript, and the emergency analysis of the transcript. A detected emergency
// raises a radio alert and a critical alarm at once. Recordings are kept as long as the
// administrators set (6 months at most), then purged daily with their audio (communications.jobs.ts).
import type {
  Communication,
  EmergencyCategory,
  listCommunicationsQuery,
  recordingRetentionBody,
} from '@vigie/contract/radio-traffic.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../../db/client';
import type { AuthContext } from '../../../plugins/auth';
import { decodeCursor } from '../../../plugins/pagination';
import type { Actor } from '../../alarms/alarms.service';
import { recordAudit } from '../../audit/audit.service';
import { publishEvent } from '../../events/events.service';
import { readFile, storeFile } from '../../files/files.service';
import { type AlertSubject, raiseAlert } from '../alerts/alerts.service';
import { analyseTranscript } from '../alerts/emergency-detection';
import { radioErrors } from '../radio.errors';
import { requireRadioAdmin } from '../radios/radios.service';
import { audioExtension } from './audio-format';
import * as repo from './communications.repository';

export const toCommunicationDto = (r: repo.CommunicationListRow): Communication => ({
  id: r.id,
  fromAgentName: r.fromName,
  channelId: r.channelId,
  channelName: r.channelName,
  radioId: r.radioId,
  source: r.source,
  timestamp: r.at.toISOString(),
  durationMs: r.durationMs,
  transcript: r.transcript,
  transcriptStatus: r.transcriptStatus,
  emergencyDetected: r.emergencyDetected,
  aiAnalysis: r.aiAnalysis
    ? {
        score: r.aiAnalysis.score,
        category: r.aiAnalysis.category as EmergencyCategory | null,
        keywords_found: r.aiAnalysis.keywords_found,
        recommendation: r.aiAnalysis.recommendation,
      }
    : null,
  hasAudio: r.audioFileId !== null,
});

export interface NewTransmission {
  channel: { id: string; name: string } | null;
  channelName: string;
  subject: AlertSubject;
  /** The position an emergency alert starts from (the radio's last report), if known. */
  position: { lat: number; lng: number } | null;
  speakerUserId: string | null;
  fromName: string;
  source: 'device' | 'browser';
  at: Date;
  durationMs: number | null;
  transcript: string | null;
  audio: { data: Buffer; contentType: string } | null;
  /** Whether a speech-to-text service will transcribe the audio. */
  transcribe: boolean;
}

/**
 * Analyses a transcript and, for an emergency, raises the alert; answers the fields to store.
 * Only the words are analysed: no emotion or stress is inferred from the voice.
 */
async function analyse(
  tx: Tx,
  actor: Actor,
  communicationId: string,
  transcript: string,
  t: Pick<NewTransmission, 'subject' | 'position'>,
) {
  const analysis = analyseTranscript(transcript);
  if (analysis.emergencyDetected) {
    await raiseAlert(tx, {
      type: 'emergency',
      radio: t.subject,
      location: t.position,
      locationSource: t.position ? 'radio' : 'none',
      description: `« ${transcript.slice(0, 300)} »`,
      recommendation: analysis.recommendation,
      category: analysis.category,
      keywords: analysis.keywords_found,
      communicationId,
      actor,
    });
  }
  return {
    emergencyDetected: analysis.emergencyDetected,
    aiAnalysis: {
      score: analysis.score,
      category: analysis.category,
      keywords_found: analysis.keywords_found,
      recommendation: analysis.recommendation,
    },
  };
}

/** Stores a transmission in the caller's transaction, analyses its transcript, pushes it. */
export async function recordTransmission(tx: Tx, actor: Actor, t: NewTransmission) {
  const companyId = actor.companyId;
  const audioFileId = t.audio
    ? await storeFile(tx, companyId, {
        kind: 'radio_audio',
        contentType: t.audio.contentType,
        data: t.audio.data,
      })
    : null;
  let row = await repo.insertCommunication(tx, {
    companyId,
    channelId: t.channel?.id ?? null,
    channelName: t.channelName,
    radioId: t.subject.id,
    speakerAgentId: t.subject.agentId,
    speakerUserId: t.speakerUserId,
    fromName: t.fromName,
    source: t.source,
    at: t.at,
    durationMs: t.durationMs,
    transcript: t.transcript,
    transcriptStatus: t.transcript ? 'done' : t.audio && t.transcribe ? 'pending' : 'none',
    audioFileId,
  });
  if (t.transcript) {
    const fields = await analyse(tx, actor, row.id, t.transcript, t);
    row = (await repo.updateCommunication(tx, companyId, row.id, fields)) ?? row;
  }
  await publishEvent(tx, companyId, 'radio.communication', {
    id: row.id,
    channelId: row.channelId,
    emergency: row.emergencyDetected,
  });
  return toCommunicationDto(row);
}

/** A transcript arrived from the speech-to-text service: stored, analysed, pushed. */
export async function completeTranscription(
  tx: Tx,
  actor: Actor,
  row: repo.CommunicationRow,
  transcript: string,
  subject: AlertSubject,
  position: { lat: number; lng: number } | null,
) {
  const text = transcript.trim().slice(0, 5000);
  const fields = text
    ? await analyse(tx, actor, row.id, text, { subject, position })
    : { emergencyDetected: false, aiAnalysis: null };
  await repo.updateCommunication(tx, actor.companyId, row.id, {
    transcript: text || null,
    transcriptStatus: 'done',
    ...fields,
  });
  await publishEvent(tx, actor.companyId, 'radio.communication', {
    id: row.id,
    channelId: row.channelId,
    emergency: fields.emergencyDetected,
    change: 'transcribed',
  });
}

export async function listCommunications(
  db: Database,
  auth: AuthContext,
  q: z.output<typeof listCommunicationsQuery>,
) {
  const after = decodeCursor(q.cursor, ['timestamp', 'uuid']) as [string, string] | undefined;
  const { rows, total } = await repo.listPage(
    db,
    auth.companyId,
    { channelId: q.channelId, emergency: q.emergency },
    { limit: q.limit, after },
  );
  return { rows: rows.map(toCommunicationDto), total };
}

/**
 * The recording of a communication, for the control room (administrators and operators); every
 * playback or download is written to the audit log.
 */
export async function communicationAudio(db: Database, auth: AuthContext, id: string) {
  if (auth.role === 'agent') throw radioErrors.recordingsForControlRoom();
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.findCommunication(tx, auth.companyId, id);
    if (!row) throw radioErrors.communicationNotFound();
    if (!row.audioFileId) throw radioErrors.noAudio();
    const file = await readFile(tx, auth.companyId, row.audioFileId);
    if (!file) throw radioErrors.noAudio();
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'radio_communication.audio_played',
      entity: 'radio_communication',
      entityId: id,
      details: { channel: row.channelName, from: row.fromName, at: row.at.toISOString() },
    });
    return {
      contentType: file.contentType,
      data: file.data,
      fileName: `communication-${row.at.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.${audioExtension[file.contentType] ?? 'bin'}`,
    };
  });
}

export async function getRetention(db: Database, auth: AuthContext) {
  return db.withTenant(auth.companyId, async (tx) => ({
    days: (await repo.recordingRetentionDays(tx, auth.companyId)) ?? 183,
  }));
}

export async function setRetention(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof recordingRetentionBody>,
) {
  requireRadioAdmin(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const before = await repo.recordingRetentionDays(tx, auth.companyId);
    await repo.setRecordingRetentionDays(tx, auth.companyId, input.days);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'radio.retention_changed',
      entity: 'company',
      entityId: auth.companyId,
      details: { from: before ?? null, to: input.days },
    });
    return { days: input.days };
  });
}
