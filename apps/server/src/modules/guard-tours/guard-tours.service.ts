// Guard tours (rondes): tours of a site and their checkpoints (administrators and operators manage
// them, agents read them), rounds started by the agent on duty or by the control room for an agent,
// and the scans that prove each checkpoint was visited. Every change is audited and pushed.
import type {
  Checkpoint,
  createRoundBody,
  createTourBody,
  listRoundsQuery,
  listToursQuery,
  Round,
  scanBody,
  Tour,
  TourStats,
  tourStatsQuery,
  updateTourBody,
} from '@vigie/contract/guard-tours.contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import { sites, tourCheckpoints, tourRounds, tourScans, tours } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import type { SecretBox } from '../../plugins/secrets';
import { recordAudit } from '../audit/audit.service';
import { companyTimezone } from '../companies/companies.service';
import { publishEvent } from '../events/events.service';
import { normaliseImage, storeFile } from '../files/files.service';
import { tourErrors as errors, scanRefusals } from './guard-tours.errors';
import { drawOrder, isoWeekOf, isoWeekRange, labelCode, readLabel } from './guard-tours.models';

type TourRow = typeof tours.$inferSelect;
type CheckpointRow = typeof tourCheckpoints.$inferSelect;
type RoundRow = typeof tourRounds.$inferSelect;
type ScanRow = typeof tourScans.$inferSelect;

const iso = (d: Date) => d.toISOString();
const isManager = (auth: AuthContext) => auth.role !== 'agent';
export const requireManager = (auth: AuthContext) => {
  if (!isManager(auth)) throw errors.readOnly();
};

// ---------- tours ----------

async function siteName(tx: Tx, companyId: string, siteId: string) {
  const [row] = await tx
    .select({ name: sites.name })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, siteId)));
  return row?.name;
}

async function checkpointsOf(tx: Tx, companyId: string, tourIds: string[]) {
  if (tourIds.length === 0) return [];
  return tx
    .select()
    .from(tourCheckpoints)
    .where(and(eq(tourCheckpoints.companyId, companyId), inArray(tourCheckpoints.tourId, tourIds)))
    .orderBy(asc(tourCheckpoints.position));
}

function checkpointDto(secrets: SecretBox, auth: AuthContext, c: CheckpointRow): Checkpoint {
  return {
    id: c.id,
    position: c.position,
    name: c.name,
    instructions: c.instructions,
    kind: c.kind,
    nfcUid: c.nfcUid,
    labelVersion: c.labelVersion,
    code: c.kind === 'qr' && isManager(auth) ? labelCode(secrets, c.companyId, c.id, c.labelVersion) : null,
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

async function findTour(tx: Tx, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(tours)
    .where(and(eq(tours.companyId, companyId), eq(tours.id, id)));
  return row;
}

async function loadTourDto(tx: Tx, secrets: SecretBox, auth: AuthContext, id: string) {
  const row = await findTour(tx, auth.companyId, id);
  if (!row) throw errors.notFound();
  const cps = await checkpointsOf(tx, auth.companyId, [id]);
  return tourDto(secrets, auth, row, (await siteName(tx, auth.companyId, row.siteId)) ?? '', cps);
}

export async function listTours(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  q: z.infer<typeof listToursQuery>,
) {
  const after = q.cursor ? decodeCursor(q.cursor, ['string', 'uuid']) : undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const where = and(eq(tours.companyId, auth.companyId), q.siteId ? eq(tours.siteId, q.siteId) : undefined);
    const rows = await tx
      .select({ tour: tours, siteName: sites.name })
      .from(tours)
      .innerJoin(sites, and(eq(sites.companyId, tours.companyId), eq(sites.id, tours.siteId)))
      .where(
        and(
          where,
          after ? sql`(${tours.name}, ${tours.id}) > (${after[0]}::text, ${after[1]}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(tours.name), asc(tours.id))
      .limit(q.limit + 1);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(tours).where(where);
    const cps = await checkpointsOf(
      tx,
      auth.companyId,
      rows.map((r) => r.tour.id),
    );
    return { rows: rows.map((r) => tourDto(secrets, auth, r.tour, r.siteName, cps)), total: count?.n ?? 0 };
  });
}

export async function getTour(db: Database, secrets: SecretBox, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, (tx) => loadTourDto(tx, secrets, auth, id));
}

type CheckpointInput = z.infer<typeof createTourBody>['checkpoints'][number];

async function writeCheckpoints(tx: Tx, companyId: string, tourId: string, inputs: CheckpointInput[]) {
  const existing = await checkpointsOf(tx, companyId, [tourId]);
  const known = new Map(existing.map((c) => [c.id, c]));
  inputs.forEach((c, i) => {
    if (c.id && !known.has(c.id)) throw errors.checkpointUnknownId(i);
  });
  const kept = new Set(inputs.map((c) => c.id).filter(Boolean));
  const gone = existing.filter((c) => !kept.has(c.id)).map((c) => c.id);
  if (gone.length > 0)
    await tx
      .delete(tourCheckpoints)
      .where(and(eq(tourCheckpoints.companyId, companyId), inArray(tourCheckpoints.id, gone)));
  // Free the NFC UIDs first, so that two checkpoints can swap tags in one edit.
  await tx
    .update(tourCheckpoints)
    .set({ nfcUid: null, kind: 'qr' })
    .where(and(eq(tourCheckpoints.companyId, companyId), eq(tourCheckpoints.tourId, tourId)));
  for (const [position, c] of inputs.entries()) {
    const values = {
      position,
      name: c.name,
      instructions: c.instructions ?? null,
      kind: c.kind,
      nfcUid: c.kind === 'nfc' ? (c.nfcUid ?? null) : null,
    };
    if (c.id)
      await tx
        .update(tourCheckpoints)
        .set(values)
        .where(and(eq(tourCheckpoints.companyId, companyId), eq(tourCheckpoints.id, c.id)));
    else await tx.insert(tourCheckpoints).values({ companyId, tourId, ...values });
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
    if (!(await siteName(tx, auth.companyId, body.siteId))) throw errors.siteNotFound();
    const row = await nfcGuard(tx, async () => {
      const [created] = await tx
        .insert(tours)
        .values({
          companyId: auth.companyId,
          siteId: body.siteId,
          name: body.name,
          expectedMinutes: body.expectedMinutes,
          orderMode: body.orderMode,
          schedule: body.schedule,
        })
        .returning();
      if (!created) throw new Error('tour insert returned nothing');
      await writeCheckpoints(tx, auth.companyId, created.id, body.checkpoints);
      return created;
    });
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'tour.created',
      entity: 'tour',
      entityId: row.id,
      details: { name: row.name, checkpoints: body.checkpoints.length },
    });
    await publishEvent(tx, auth.companyId, 'tour.changed', { id: row.id });
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
    const current = await findTour(tx, auth.companyId, id);
    if (!current) throw errors.notFound();
    if (body.siteId && !(await siteName(tx, auth.companyId, body.siteId))) throw errors.siteNotFound();
    await nfcGuard(tx, async () => {
      const { checkpoints, ...fields } = body;
      await tx
        .update(tours)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(tours.companyId, auth.companyId), eq(tours.id, id)));
      if (checkpoints) await writeCheckpoints(tx, auth.companyId, id, checkpoints);
    });
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'tour.updated',
      entity: 'tour',
      entityId: id,
      details: { fields: Object.keys(body) },
    });
    await publishEvent(tx, auth.companyId, 'tour.changed', { id });
    return loadTourDto(tx, secrets, auth, id);
  });
}

export async function deleteTour(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const [gone] = await tx
      .delete(tours)
      .where(and(eq(tours.companyId, auth.companyId), eq(tours.id, id)))
      .returning();
    if (!gone) throw errors.notFound();
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'tour.deleted',
      entity: 'tour',
      entityId: id,
      details: { name: gone.name },
    });
    await publishEvent(tx, auth.companyId, 'tour.changed', { id });
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
    if (!(await findTour(tx, auth.companyId, id))) throw errors.notFound();
    const [cp] = await tx
      .select()
      .from(tourCheckpoints)
      .where(
        and(
          eq(tourCheckpoints.companyId, auth.companyId),
          eq(tourCheckpoints.tourId, id),
          eq(tourCheckpoints.id, checkpointId),
        ),
      );
    if (!cp) throw errors.checkpointNotFound();
    if (cp.kind !== 'qr') throw errors.notQr();
    await tx
      .update(tourCheckpoints)
      .set({ labelVersion: cp.labelVersion + 1 })
      .where(and(eq(tourCheckpoints.companyId, auth.companyId), eq(tourCheckpoints.id, checkpointId)));
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'tour.label_regenerated',
      entity: 'tour_checkpoint',
      entityId: checkpointId,
      details: { version: cp.labelVersion + 1 },
    });
    await publishEvent(tx, auth.companyId, 'tour.changed', { id });
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

// ---------- rounds ----------

interface OnDuty {
  agentId: string;
  agentName: string;
  userId: string | null;
}

/** Agents clocked in (shift 'En cours') on a site now, earliest start first. */
export async function agentsOnDuty(tx: Tx, companyId: string, siteId: string) {
  return rowsOf<{ agent_id: string; agent_name: string; user_id: string | null }>(
    await tx.execute(sql`select a.id as agent_id, a.name as agent_name, a.user_id from shifts s
      join agents a on a.company_id = s.company_id and a.id = s.agent_id
      where s.company_id = ${companyId} and s.site_id = ${siteId} and s.status = 'En cours'
      order by s.starts_at, a.id`),
  ).map((r): OnDuty => ({ agentId: r.agent_id, agentName: r.agent_name, userId: r.user_id }));
}

async function agentById(tx: Tx, companyId: string, agentId: string) {
  const [row] = rowsOf<{ id: string; name: string; user_id: string | null }>(
    await tx.execute(
      sql`select id, name, user_id from agents where company_id = ${companyId} and id = ${agentId}`,
    ),
  );
  return row;
}

async function roundsDto(tx: Tx, companyId: string, rounds: RoundRow[]): Promise<Round[]> {
  if (rounds.length === 0) return [];
  const tourIds = [...new Set(rounds.map((r) => r.tourId))];
  const tourRows = await tx
    .select({ tour: tours, siteName: sites.name })
    .from(tours)
    .innerJoin(sites, and(eq(sites.companyId, tours.companyId), eq(sites.id, tours.siteId)))
    .where(and(eq(tours.companyId, companyId), inArray(tours.id, tourIds)));
  const byTour = new Map(tourRows.map((t) => [t.tour.id, t]));
  const cps = await checkpointsOf(tx, companyId, tourIds);
  const scans = await tx
    .select()
    .from(tourScans)
    .where(
      and(
        eq(tourScans.companyId, companyId),
        inArray(
          tourScans.roundId,
          rounds.map((r) => r.id),
        ),
      ),
    );
  return rounds.map((r) => {
    const t = byTour.get(r.tourId);
    const own = cps.filter((c) => c.tourId === r.tourId);
    const byId = new Map(own.map((c) => [c.id, c]));
    const ordered =
      r.checkpointOrder.length > 0
        ? [
            ...r.checkpointOrder.map((id) => byId.get(id)).filter((c): c is CheckpointRow => Boolean(c)),
            ...own.filter((c) => !r.checkpointOrder.includes(c.id)),
          ]
        : own;
    const mine = new Map(scans.filter((s) => s.roundId === r.id).map((s) => [s.checkpointId, s]));
    const scanDto = (s: ScanRow | undefined) =>
      s
        ? {
            scannedAt: iso(s.scannedAt),
            latitude: s.latitude,
            longitude: s.longitude,
            note: s.note,
            hasPhoto: s.photoFileId !== null,
            anomaly: s.anomaly,
          }
        : null;
    const list = ordered.map((c) => ({
      checkpointId: c.id,
      name: c.name,
      instructions: c.instructions,
      kind: c.kind,
      scan: scanDto(mine.get(c.id)),
    }));
    return {
      id: r.id,
      tourId: r.tourId,
      tourName: t?.tour.name ?? '',
      siteId: r.siteId,
      siteName: t?.siteName ?? '',
      agentId: r.agentId,
      agentName: r.agentName,
      status: r.status,
      orderMode: t?.tour.orderMode ?? 'fixed',
      expectedMinutes: t?.tour.expectedMinutes ?? 0,
      plannedAt: iso(r.plannedAt),
      startedAt: r.startedAt ? iso(r.startedAt) : null,
      finishedAt: r.finishedAt ? iso(r.finishedAt) : null,
      total: list.length,
      scanned: list.filter((c) => c.scan).length,
      anomalies: list.filter((c) => c.scan?.anomaly).length,
      checkpoints: list,
    };
  });
}

async function findRound(tx: Tx, companyId: string, id: string, forUpdate = false) {
  const q = tx
    .select()
    .from(tourRounds)
    .where(and(eq(tourRounds.companyId, companyId), eq(tourRounds.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

async function oneRound(tx: Tx, companyId: string, id: string) {
  const row = await findRound(tx, companyId, id);
  if (!row) throw errors.roundNotFound();
  const [dto] = await roundsDto(tx, companyId, [row]);
  if (!dto) throw errors.roundNotFound();
  return dto;
}

/** The drawn (random) or fixed order of a tour's checkpoints, for a round starting now. */
async function startOrder(tx: Tx, companyId: string, tour: TourRow) {
  const ids = (await checkpointsOf(tx, companyId, [tour.id])).map((c) => c.id);
  return tour.orderMode === 'random' ? drawOrder(ids) : ids;
}

export async function createRound(
  db: Database,
  auth: AuthContext,
  tourId: string,
  body: z.infer<typeof createRoundBody>,
  now = new Date(),
) {
  return db.withTenant(auth.companyId, async (tx) => {
    const tour = await findTour(tx, auth.companyId, tourId);
    if (!tour) throw errors.notFound();
    const onDuty = await agentsOnDuty(tx, auth.companyId, tour.siteId);
    let agent: { id: string; name: string } | undefined;
    if (auth.role === 'agent') {
      const me = onDuty.find((a) => a.userId === auth.userId);
      if (!me) throw errors.notOnDuty();
      agent = { id: me.agentId, name: me.agentName };
    } else if (body.agentId) {
      const found = await agentById(tx, auth.companyId, body.agentId);
      if (!found) throw errors.agentNotFound();
      agent = { id: found.id, name: found.name };
    } else {
      const first = onDuty[0];
      if (!first) throw errors.agentRequired();
      agent = { id: first.agentId, name: first.agentName };
    }
    const start = body.start;
    const [row] = await tx
      .insert(tourRounds)
      .values({
        companyId: auth.companyId,
        tourId,
        siteId: tour.siteId,
        agentId: agent.id,
        agentName: agent.name,
        status: start ? 'in_progress' : 'planned',
        plannedAt: now,
        startedAt: start ? now : null,
        checkpointOrder: start ? await startOrder(tx, auth.companyId, tour) : [],
      })
      .returning();
    if (!row) throw new Error('round insert returned nothing');
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'round.created',
      entity: 'tour_round',
      entityId: row.id,
      details: { tour: tour.name, agent: agent.name, started: start },
    });
    await publishEvent(tx, auth.companyId, 'tour.changed', { roundId: row.id, status: row.status });
    return oneRound(tx, auth.companyId, row.id);
  });
}

/** The agent may act on his own round only (or an unassigned one, which becomes his). */
async function checkRoundActor(tx: Tx, auth: AuthContext, round: RoundRow) {
  if (isManager(auth)) return null;
  if (round.agentId) {
    const agent = await agentById(tx, auth.companyId, round.agentId);
    if (agent?.user_id !== auth.userId) throw errors.notYourRound();
    return null;
  }
  const me = (await agentsOnDuty(tx, auth.companyId, round.siteId)).find((a) => a.userId === auth.userId);
  if (!me) throw errors.notOnDuty();
  return me;
}

export async function startRound(db: Database, auth: AuthContext, id: string, now = new Date()) {
  return db.withTenant(auth.companyId, async (tx) => {
    const round = await findRound(tx, auth.companyId, id, true);
    if (!round) throw errors.roundNotFound();
    const claimed = await checkRoundActor(tx, auth, round);
    if (round.status !== 'planned') throw errors.alreadyStarted();
    const tour = await findTour(tx, auth.companyId, round.tourId);
    if (!tour) throw errors.roundNotFound();
    await tx
      .update(tourRounds)
      .set({
        status: 'in_progress',
        startedAt: now,
        checkpointOrder: await startOrder(tx, auth.companyId, tour),
        ...(claimed ? { agentId: claimed.agentId, agentName: claimed.agentName } : {}),
      })
      .where(and(eq(tourRounds.companyId, auth.companyId), eq(tourRounds.id, id)));
    await publishEvent(tx, auth.companyId, 'tour.changed', { roundId: id, status: 'in_progress' });
    return oneRound(tx, auth.companyId, id);
  });
}

function photoBytes(photo: string) {
  const base64 = photo.replace(/^data:image\/[a-z+.-]+;base64,/i, '');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) throw errors.photo();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw errors.photo();
  return bytes;
}

export async function scan(
  db: Database,
  secrets: SecretBox,
  auth: AuthContext,
  id: string,
  body: z.infer<typeof scanBody>,
  now = new Date(),
) {
  const photo = body.photo
    ? await normaliseImage(photoBytes(body.photo), {
        maxBytes: 1024 * 1024,
        maxSide: 1600,
        loc: ['body', 'photo'],
      })
    : null;
  const ref = body.clientRef;
  return db.withTenant(
    auth.companyId,
    async (tx) => {
      const round = await findRound(tx, auth.companyId, id, true);
      if (!round) throw errors.roundNotFound();
      // A replay answers the round before any rule of the moment (the round may be done since):
      // no second scan, no event.
      if (ref && (await scannedBefore(tx, auth, id, ref))) return oneRound(tx, auth.companyId, id);
      return writeScan(tx, secrets, auth, round, body, photo, now);
    },
    // Two sends of one reference at once queue on this lock; the second then finds the first.
    ref ? { lockKey: `scan-ref:${auth.companyId}:${ref}` } : {},
  );
}

/**
 * Whether a scan of this round was already written with this `clientRef` (a phone sending its
 * queue again after a lost answer). The reference of another user's or another round's scan is a
 * conflict, never a way to read or move it.
 */
async function scannedBefore(tx: Tx, auth: AuthContext, roundId: string, clientRef: string) {
  const [row] = await tx
    .select({ roundId: tourScans.roundId, createdBy: tourScans.createdBy })
    .from(tourScans)
    .where(and(eq(tourScans.companyId, auth.companyId), eq(tourScans.clientRef, clientRef)));
  if (!row) return false;
  if (row.roundId !== roundId || row.createdBy !== auth.userId) throw errors.clientRefTaken();
  return true;
}

async function writeScan(
  tx: Tx,
  secrets: SecretBox,
  auth: AuthContext,
  round: RoundRow,
  body: z.infer<typeof scanBody>,
  photo: Buffer | null,
  now: Date,
) {
  const id = round.id;
  await checkRoundActor(tx, auth, round);
  if (round.status === 'planned') throw errors.notStarted();
  if (round.status !== 'in_progress') throw errors.closed();
  const cps = await checkpointsOf(tx, auth.companyId, [round.tourId]);
  let cp: CheckpointRow | undefined;
  if (body.code) {
    const label = readLabel(secrets, body.code);
    if (!label) throw errors.refused(scanRefusals.unknownLabel);
    if (label.companyId !== auth.companyId) throw errors.refused(scanRefusals.otherCompany);
    cp = cps.find((c) => c.id === label.checkpointId);
    if (cp?.kind !== 'qr') throw errors.refused(scanRefusals.otherTour);
    if (cp.labelVersion !== label.version) throw errors.refused(scanRefusals.replaced);
  } else {
    cp = cps.find((c) => c.kind === 'nfc' && c.nfcUid === body.nfcUid);
    if (!cp) throw invalidNfc();
  }
  const checkpoint = cp;
  const scannedAt = body.scannedAt ? new Date(body.scannedAt) : now;
  const photoFileId = photo
    ? await storeFile(tx, auth.companyId, {
        kind: 'tour_scan_photo',
        contentType: 'image/webp',
        data: photo,
      })
    : null;
  const inserted = await tx
    .insert(tourScans)
    .values({
      companyId: auth.companyId,
      roundId: id,
      checkpointId: checkpoint.id,
      scannedAt,
      latitude: body.position?.latitude ?? null,
      longitude: body.position?.longitude ?? null,
      note: body.note ?? null,
      photoFileId,
      anomaly: Boolean(body.note || photoFileId),
      createdBy: auth.userId,
      clientRef: body.clientRef ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: tourScans.id });
  if (inserted.length === 0) throw errors.alreadyScanned();
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tourScans)
    .where(and(eq(tourScans.companyId, auth.companyId), eq(tourScans.roundId, id)));
  const done = (count?.n ?? 0) >= cps.length;
  if (done)
    await tx
      .update(tourRounds)
      .set({ status: 'done', finishedAt: now })
      .where(and(eq(tourRounds.companyId, auth.companyId), eq(tourRounds.id, id)));
  await publishEvent(tx, auth.companyId, 'tour.changed', {
    roundId: id,
    status: done ? 'done' : 'in_progress',
    checkpointId: checkpoint.id,
  });
  return oneRound(tx, auth.companyId, id);
}
const invalidNfc = () => errors.refused(scanRefusals.unknownNfc);

export async function listRounds(db: Database, auth: AuthContext, q: z.infer<typeof listRoundsQuery>) {
  const after = q.cursor ? decodeCursor(q.cursor, ['timestamp', 'uuid']) : undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const where = and(
      eq(tourRounds.companyId, auth.companyId),
      q.siteId ? eq(tourRounds.siteId, q.siteId) : undefined,
      q.tourId ? eq(tourRounds.tourId, q.tourId) : undefined,
      q.status ? eq(tourRounds.status, q.status) : undefined,
    );
    const rows = await tx
      .select()
      .from(tourRounds)
      .where(
        and(
          where,
          after
            ? sql`(${tourRounds.plannedAt}, ${tourRounds.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(tourRounds.plannedAt), desc(tourRounds.id))
      .limit(q.limit + 1);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(tourRounds).where(where);
    return { rows: await roundsDto(tx, auth.companyId, rows), total: count?.n ?? 0 };
  });
}

export async function getRound(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, (tx) => oneRound(tx, auth.companyId, id));
}

// ---------- statistics ----------

export async function stats(
  db: Database,
  auth: AuthContext,
  q: z.infer<typeof tourStatsQuery>,
  now = new Date(),
): Promise<TourStats> {
  return db.withTenant(auth.companyId, async (tx) => {
    const tz = await companyTimezone(tx, auth.companyId);
    const week = q.week ?? isoWeekOf(now, tz);
    const [from, to] = isoWeekRange(week, tz);
    const rows = rowsOf<{ site_id: string; site_name: string; rounds: number; done: number; missed: number }>(
      await tx.execute(sql`select s.id as site_id, s.name as site_name, count(r.id)::int as rounds,
          (count(*) filter (where r.status = 'done'))::int as done,
          (count(*) filter (where r.status = 'missed'))::int as missed
        from sites s
        join tours t on t.company_id = s.company_id and t.site_id = s.id
        left join tour_rounds r on r.company_id = t.company_id and r.tour_id = t.id
          and r.planned_at >= ${iso(from)}::timestamptz and r.planned_at < ${iso(to)}::timestamptz
        where s.company_id = ${auth.companyId} ${q.siteId ? sql`and s.id = ${q.siteId}` : sql``}
        group by s.id, s.name order by s.name, s.id`),
    );
    return {
      week,
      sites: rows.map((r) => {
        const finished = r.done + r.missed;
        return {
          siteId: r.site_id,
          siteName: r.site_name,
          rounds: r.rounds,
          done: r.done,
          missed: r.missed,
          open: r.rounds - finished,
          completionRate: finished > 0 ? Math.round((r.done / finished) * 1000) / 10 : null,
        };
      }),
    };
  });
}
