// Guard tours (rondes): tours of a site and their checkpoints (administrators and operators manage
// them, agents read them), their printable labels. Every change is audited and pushed.
import {
  type Checkpoint,
  type createTourBody,
  type listToursQuery,
  nfcHint,
  type Tour,
  type updateTourBody,
} from '@vigie/contract/guard-tours.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import type { SecretBox } from '../../plugins/secrets';
import { recordAndPublish, recordAudit } from '../audit/audit.service';
import { tourErrors as errors } from './guard-tours.errors';
import { iso, labelCode } from './guard-tours.models';
import { isManager, requireManager } from './tour-roles';
import type { CheckpointRow, TourRow } from './tours.repository';
import * as repo from './tours.repository';

/**
 * An agent reads neither a tag's UID nor a label's content, which would let him scan a checkpoint he
 * never walked to (a typed UID, a printed copy): his phone recognises a tag by its hint (decision 0019).
 */
function checkpointDto(secrets: SecretBox, auth: AuthContext, c: CheckpointRow): Checkpoint {
  const manager = isManager(auth);
  return {
    id: c.id,
    position: c.position,
    name: c.name,
    instructions: c.instructions,
    kind: c.kind,
    nfcUid: manager ? c.nfcUid : null,
    nfcHint: c.nfcUid ? nfcHint(c.id, c.nfcUid) : null,
    labelVersion: c.labelVersion,
    code: c.kind === 'qr' && manager ? labelCode(secrets, c.companyId, c.id, c.labelVersion) : null,
  };
}

function tourDto(
  secrets: SecretBox,
  auth: AuthContext,
  t: TourRow,
  site: string,
  cps: CheckpointRow[],
): Tour {
  return {
    id: t.id,
    siteId: t.siteId,
    siteName: site,
    name: t.name,
    expectedMinutes: t.expectedMinutes,
    orderMode: t.orderMode,
    schedule: t.schedule ?? null,
    checkpoints: cps.filter((c) => c.tourId === t.id).map((c) => checkpointDto(secrets, auth, c)),
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

async function loadTourDto(tx: Tx, secrets: SecretBox, auth: AuthContext, id: string) {
  const row = await repo.findTour(tx, auth.companyId, id);
  if (!row) throw errors.notFound();
  const cps = await repo.checkpointsOf(tx, auth.companyId, [id]);
  return tourDto(secrets, auth, row, (await repo.siteNameById(tx, auth.companyId, row.siteId)) ?? '', cps);
}

export async function listTours(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  q: z.infer<typeof listToursQuery>,
) {
  const after = (q.cursor ? decodeCursor(q.cursor, ['string', 'uuid']) : undefined) as
    | [string, string]
    | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const { rows, total } = await repo.listToursPage(
      tx,
      auth.companyId,
      { siteId: q.siteId },
      { limit: q.limit, after },
    );
    const cps = await repo.checkpointsOf(
      tx,
      auth.companyId,
      rows.map((r) => r.tour.id),
    );
    return { rows: rows.map((r) => tourDto(secrets, auth, r.tour, r.siteName, cps)), total };
  });
}

export async function getTour(db: Database, secrets: SecretBox, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, (tx) => loadTourDto(tx, secrets, auth, id));
}

type CheckpointInput = z.infer<typeof createTourBody>['checkpoints'][number];

async function writeCheckpoints(tx: Tx, companyId: string, tourId: string, inputs: CheckpointInput[]) {
  const existing = await repo.checkpointsOf(tx, companyId, [tourId]);
  const known = new Map(existing.map((c) => [c.id, c]));
  inputs.forEach((c, i) => {
    if (c.id && !known.has(c.id)) throw errors.checkpointUnknownId(i);
  });
  const kept = new Set(inputs.map((c) => c.id).filter(Boolean));
  const gone = existing.filter((c) => !kept.has(c.id)).map((c) => c.id);
  if (gone.length > 0) await repo.deleteCheckpoints(tx, companyId, gone);
  // Free the NFC UIDs first, so that two checkpoints can swap tags in one edit.
  await repo.freeNfcUids(tx, companyId, tourId);
  for (const [position, c] of inputs.entries()) {
    const values: repo.CheckpointValues = {
      position,
      name: c.name,
      instructions: c.instructions ?? null,
      kind: c.kind,
      nfcUid: c.kind === 'nfc' ? (c.nfcUid ?? null) : null,
    };
    if (c.id) await repo.updateCheckpoint(tx, companyId, c.id, values);
    else await repo.insertCheckpoint(tx, companyId, tourId, values);
  }
}

/** A unique violation on the NFC index is a French 409; the savepoint keeps the transaction usable. */
async function nfcGuard<T>(tx: Tx, work: () => Promise<T>) {
  try {
    return await tx.transaction(async () => work());
  } catch (err) {
    if (isUniqueViolation(err)) throw errors.nfcTaken();
    throw err;
  }
}

export async function createTour(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  body: z.infer<typeof createTourBody>,
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    if (!(await repo.siteNameById(tx, auth.companyId, body.siteId))) throw errors.siteNotFound();
    const row = await nfcGuard(tx, async () => {
      const created = await repo.insertTour(tx, {
        companyId: auth.companyId,
        siteId: body.siteId,
        name: body.name,
        expectedMinutes: body.expectedMinutes,
        orderMode: body.orderMode,
        schedule: body.schedule,
      });
      await writeCheckpoints(tx, auth.companyId, created.id, body.checkpoints);
      return created;
    });
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'tour.created',
        entity: 'tour',
        entityId: row.id,
        details: { name: row.name, checkpoints: body.checkpoints.length },
      },
      { type: 'tour.changed', payload: { id: row.id } },
    );
    return loadTourDto(tx, secrets, auth, row.id);
  });
}

export async function updateTour(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  id: string,
  body: z.infer<typeof updateTourBody>,
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findTour(tx, auth.companyId, id);
    if (!current) throw errors.notFound();
    if (body.siteId && !(await repo.siteNameById(tx, auth.companyId, body.siteId)))
      throw errors.siteNotFound();
    await nfcGuard(tx, async () => {
      const { checkpoints, ...fields } = body;
      await repo.updateTour(tx, auth.companyId, id, fields);
      if (checkpoints) await writeCheckpoints(tx, auth.companyId, id, checkpoints);
    });
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'tour.updated',
        entity: 'tour',
        entityId: id,
        // The name (as it is now) names the tour in the journal's « Objet » and finds the entry by it.
        details: { name: body.name ?? current.name, fields: Object.keys(body) },
      },
      { type: 'tour.changed', payload: { id } },
    );
    return loadTourDto(tx, secrets, auth, id);
  });
}

export async function deleteTour(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const gone = await repo.deleteTour(tx, auth.companyId, id);
    if (!gone) throw errors.notFound();
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'tour.deleted',
        entity: 'tour',
        entityId: id,
        details: { name: gone.name },
      },
      { type: 'tour.changed', payload: { id } },
    );
  });
}

/** A new label version: every label printed before is refused from now on. */
export async function regenerateLabel(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  id: string,
  checkpointId: string,
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    if (!(await repo.findTour(tx, auth.companyId, id))) throw errors.notFound();
    const cp = await repo.findCheckpoint(tx, auth.companyId, id, checkpointId);
    if (!cp) throw errors.checkpointNotFound();
    if (cp.kind !== 'qr') throw errors.notQr();
    await repo.setLabelVersion(tx, auth.companyId, checkpointId, cp.labelVersion + 1);
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'tour.label_regenerated',
        entity: 'tour_checkpoint',
        entityId: checkpointId,
        details: { name: cp.name, version: cp.labelVersion + 1 },
      },
      { type: 'tour.changed', payload: { id } },
    );
    return loadTourDto(tx, secrets, auth, id);
  });
}

/** What the label sheet needs (the PDF itself is built in a worker thread by the routes). */
export async function labelsInput(db: Database, secrets: SecretBox, auth: AuthContext, id: string) {
  requireManager(auth);
  const tour = await db.withTenant(auth.companyId, async (tx) => {
    const t = await loadTourDto(tx, secrets, auth, id);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'tour.labels_printed',
      entity: 'tour',
      entityId: id,
      details: { name: t.name },
    });
    return t;
  });
  const labels = tour.checkpoints
    .filter((c) => c.kind === 'qr' && c.code)
    .map((c) => ({
      name: c.name,
      instructions: c.instructions,
      position: c.position + 1,
      code: c.code ?? '',
    }));
  if (labels.length === 0) throw errors.noLabels();
  return { companyName: auth.company.name, siteName: tour.siteName, tourName: tour.name, labels };
}
