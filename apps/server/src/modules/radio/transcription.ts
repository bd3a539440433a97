// Speech-to-text of recordings through an OpenAI-compatible service (POST /v1/audio/transcriptions,
// as whisper.cpp's server and faster-whisper servers expose it). Work is read from the
// communications themselves (status 'pending'), so a restart resumes it; a claim is a conditional
// UPDATE of the attempt counter, so two instances never send the same recording.
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { radioCommunications } from '../../db/schema';
import { systemActor } from '../alarms/alarms.service';
import { readFile } from '../files/files.service';
import { audioExtension } from './audio-format';
import * as repo from './communications.repository';
import { completeTranscription } from './communications.service';
import * as radios from './radios.repository';

export const MAX_TRANSCRIBE_ATTEMPTS = 3;
const TIMEOUT_MS = 60_000;

export const transcriptionEndpoint = (base: string) =>
  /\/audio\/transcriptions\/?$/.test(base) ? base : `${base.replace(/\/+$/, '')}/v1/audio/transcriptions`;

/** Sends one recording; answers its text. */
export async function transcribe(
  service: NonNullable<Config['transcribe']>,
  audio: { data: Buffer; contentType: string },
): Promise<string> {
  const form = new FormData();
  const name = `audio.${audioExtension[audio.contentType] ?? 'bin'}`;
  form.append('file', new Blob([new Uint8Array(audio.data)], { type: audio.contentType }), name);
  form.append('model', service.model);
  form.append('language', 'fr');
  form.append('response_format', 'json');
  const res = await fetch(transcriptionEndpoint(service.url), {
    method: 'POST',
    body: form,
    headers: service.apiKey ? { authorization: `Bearer ${service.apiKey}` } : {},
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`transcription service answered ${res.status}`);
  const body = (await res.json()) as { text?: unknown };
  if (typeof body.text !== 'string') throw new Error('transcription service answered no text');
  return body.text;
}

/** Claims a pending recording for this attempt; false when another instance took it. */
async function claim(db: Database, companyId: string, id: string) {
  return db.withTenant(companyId, async (tx) => {
    const row = await repo.findCommunication(tx, companyId, id);
    if (row?.transcriptStatus !== 'pending') return null;
    const claimed = await tx
      .update(radioCommunications)
      .set({ transcribeAttempts: sql`${radioCommunications.transcribeAttempts} + 1` })
      .where(
        and(
          eq(radioCommunications.companyId, companyId),
          eq(radioCommunications.id, id),
          eq(radioCommunications.transcribeAttempts, row.transcribeAttempts),
        ),
      )
      .returning({ id: radioCommunications.id });
    if (claimed.length === 0 || !row.audioFileId) return null;
    const file = await readFile(tx, companyId, row.audioFileId);
    return file ? { row: { ...row, transcribeAttempts: row.transcribeAttempts + 1 }, file } : null;
  });
}

/** One pass over the pending recordings; answers how many were transcribed. */
export async function transcribePending(db: Database, service: Config['transcribe'], batch = 10) {
  if (!service) return 0;
  let done = 0;
  for (const { companyId, id } of await repo.pendingTranscriptions(db, batch)) {
    const work = await claim(db, companyId, id);
    if (!work) continue;
    let text: string;
    try {
      text = await transcribe(service, { data: work.file.data, contentType: work.file.contentType });
    } catch {
      // Retried at the next pass; given up after a few attempts (the audio stays playable).
      if (work.row.transcribeAttempts >= MAX_TRANSCRIBE_ATTEMPTS) {
        await db.withTenant(companyId, (tx) =>
          repo.updateCommunication(tx, companyId, id, { transcriptStatus: 'failed' }),
        );
      }
      continue;
    }
    await db.withTenant(companyId, async (tx) => {
      const radio = work.row.radioId ? await radios.findRadio(tx, companyId, work.row.radioId) : undefined;
      await completeTranscription(
        tx,
        systemActor(companyId),
        work.row,
        text,
        {
          id: radio?.id ?? null,
          imei: radio?.imei ?? null,
          agentId: work.row.speakerAgentId,
          agentName: radio?.agentName ?? work.row.fromName,
        },
        radio && radio.lastLat !== null && radio.lastLng !== null
          ? { lat: radio.lastLat, lng: radio.lastLng }
          : null,
      );
    });
    done++;
  }
  return done;
}
