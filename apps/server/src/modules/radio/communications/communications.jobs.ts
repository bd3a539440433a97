// The communications' background work: speech-to-text of the pending recordings, and the daily
// purge of the recordings past their company's retention. Transcription work is read from the
// communications themselves (status 'pending'), so a restart resumes it; a claim is a conditional
// UPDATE of the attempt counter, so two instances never send the same recording.
import type { Config } from '../../../config';
import { purgeInBatches } from '../../../db/batched-purge';
import type { Database } from '../../../db/client';
import { systemActor } from '../../alarms/alarms.service';
import { recordAudit } from '../../audit/audit.service';
import { readFile } from '../../files/files.service';
import * as radios from '../radios/radios.repository';
import * as repo from './communications.repository';
import { completeTranscription } from './communications.service';
import { transcribe } from './transcription';

export const MAX_TRANSCRIBE_ATTEMPTS = 3;

/** Claims a pending recording for this attempt; null when another instance took it. */
async function claim(db: Database, companyId: string, id: string) {
  return db.withTenant(companyId, async (tx) => {
    const row = await repo.findCommunication(tx, companyId, id);
    if (row?.transcriptStatus !== 'pending') return null;
    const claimed = await repo.claimTranscription(tx, companyId, id, row.transcribeAttempts);
    if (!claimed || !row.audioFileId) return null;
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

/** Removes the communications past each company's retention, in batches, and audits the counts. */
export async function purgeRecordings(db: Database, now = new Date(), batch = 1_000) {
  return purgeInBatches({
    batch,
    purgeBatch: (n) => repo.purgeExpired(db, now, n),
    afterCompany: (companyId, removed) =>
      db.withTenant(companyId, (tx) =>
        recordAudit(tx, {
          companyId,
          actorUserId: null,
          action: 'retention.radio_recordings_purged',
          entity: 'radio_communication',
          entityId: null,
          details: { removed },
        }),
      ),
  });
}
