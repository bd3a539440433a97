// Main courante électronique: an append-only register per site. Entries are numbered per site by a
// counter row updated in the insert's transaction (no gap, no duplicate, and the chain's order) and
// chained by SHA-256 (logbook.models.ts). Never edited nor deleted: a correction is a new entry that
// points at the one it corrects. Agents write only where they are on duty now and read the sites of
// their shifts; administrators and operators read and write every site of the company.
import { randomUUID } from 'node:crypto';
import type {
  createLogbookEntryBody,
  LogbookEntry,
  listLogbookQuery,
} from '@vigie/contract/logbook.contract';
import { logbookFutureToleranceMs, maxLogbookPhotoBytes } from '@vigie/contract/logbook.contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { logbookCounters, logbookEntries } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { publishEvent } from '../events/events.service';
import { normaliseImage, readFile, storeFile } from '../files/files.service';
import { logbookErrors as errors } from './logbook.errors';
import { entryHash, GENESIS_HASH, type SealedEntry } from './logbook.models';

export const PHOTO_KIND = 'logbook_photo';
type Row = typeof logbookEntries.$inferSelect;

const photoUrl = (photoId: string) => `/api/logbook/photos/${photoId}`;

function toDto(r: Row, corrections: Row[]): LogbookEntry {
  return {
    id: r.id,
    siteId: r.siteId,
    siteName: r.siteName,
    number: r.number,
    occurredAt: r.occurredAt.toISOString(),
    category: r.category,
    text: r.text,
    photos: r.photoIds.map((p) => ({ id: p, url: photoUrl(p) })),
    author: { userId: r.authorUserId, name: r.authorName },
    shiftId: r.shiftId,
    correctsId: r.correctsId,
    source: r.source,
    hash: r.hash,
    prevHash: r.prevHash,
    createdAt: r.createdAt.toISOString(),
    corrections: corrections.map((c) => ({
      id: c.id,
      number: c.number,
      occurredAt: c.occurredAt.toISOString(),
      text: c.text,
      author: { userId: c.authorUserId, name: c.authorName },
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

async function withCorrections(tx: Tx, companyId: string, rows: Row[]) {
  if (rows.length === 0) return [];
  const corr = await tx
    .select()
    .from(logbookEntries)
    .where(
      and(
        eq(logbookEntries.companyId, companyId),
        inArray(
          logbookEntries.correctsId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(logbookEntries.number));
  return rows.map((r) =>
    toDto(
      r,
      corr.filter((c) => c.correctsId === r.id),
    ),
  );
}

async function findSite(tx: Tx, companyId: string, siteId: string) {
  const res = await tx.execute(
    sql`select id::text as id, name from sites where company_id = ${companyId} and id = ${siteId}`,
  );
  return rowsOf<{ id: string; name: string }>(res)[0];
}

/** The author's shift in progress (clocked in) on the site, if any. */
async function shiftOnDuty(tx: Tx, companyId: string, userId: string, siteId: string) {
  const res = await tx.execute(sql`
    select s.id::text as id from shifts s join agents a on a.company_id = s.company_id and a.id = s.agent_id
     where s.company_id = ${companyId} and s.site_id = ${siteId} and a.user_id = ${userId}
       and s.status = 'En cours'
     order by s.starts_at desc limit 1`);
  return rowsOf<{ id: string }>(res)[0]?.id ?? null;
}

async function agentHasSite(tx: Tx, companyId: string, userId: string, siteId: string) {
  const res = await tx.execute(sql`
    select 1 as one from shifts s join agents a on a.company_id = s.company_id and a.id = s.agent_id
     where s.company_id = ${companyId} and s.site_id = ${siteId} and a.user_id = ${userId}
       and s.status <> 'Annulé' limit 1`);
  return rowsOf(res).length > 0;
}

/** The site, when the caller may read its register (404 for an unknown or foreign site). */
async function readableSite(tx: Tx, auth: AuthContext, siteId: string) {
  const site = await findSite(tx, auth.companyId, siteId);
  if (!site) throw errors.siteNotFound();
  if (auth.role === 'agent' && !(await agentHasSite(tx, auth.companyId, auth.userId, siteId)))
    throw errors.notYourSite();
  return site;
}

type NewEntry = Omit<SealedEntry, 'id' | 'number' | 'companyId'>;

/** Appends one entry in the caller's transaction: number, chain, insert, push. */
export async function appendEntry(tx: Tx, companyId: string, e: NewEntry) {
  const [counter] = await tx
    .insert(logbookCounters)
    .values({ companyId, siteId: e.siteId, last: 1, lastHash: GENESIS_HASH })
    .onConflictDoUpdate({
      target: [logbookCounters.companyId, logbookCounters.siteId],
      set: { last: sql`${logbookCounters.last} + 1` },
    })
    .returning({ last: logbookCounters.last, lastHash: logbookCounters.lastHash });
  if (!counter) throw new Error('logbook counter returned nothing');
  const sealed: SealedEntry = { ...e, id: randomUUID(), companyId, number: counter.last };
  const hash = entryHash(sealed, counter.lastHash);
  const [row] = await tx
    .insert(logbookEntries)
    .values({ ...sealed, prevHash: counter.lastHash, hash })
    .returning();
  if (!row) throw new Error('logbook insert returned nothing');
  await tx
    .update(logbookCounters)
    .set({ lastHash: hash })
    .where(and(eq(logbookCounters.companyId, companyId), eq(logbookCounters.siteId, e.siteId)));
  await publishEvent(tx, companyId, 'logbook.created', {
    id: row.id,
    siteId: row.siteId,
    number: row.number,
    category: row.category,
    source: row.source,
    correctsId: row.correctsId,
  });
  return row;
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

async function photoBytes(photos: string[]) {
  const out: Buffer[] = [];
  for (const [i, p] of photos.entries()) {
    const raw = p.replace(/^data:image\/[a-z0-9.+-]+;base64,/i, '').replace(/\s/g, '');
    if (raw.length === 0 || raw.length % 4 !== 0 || !base64Pattern.test(raw)) throw errors.photoBase64(i);
    out.push(
      await normaliseImage(Buffer.from(raw, 'base64'), {
        // The schema bounds the base64 text already; this only guards the decoder.
        maxBytes: maxLogbookPhotoBytes + 1024,
        maxSide: 1600,
        loc: ['body', 'photos', String(i)],
      }),
    );
  }
  return out;
}

export async function createEntry(
  db: Database,
  auth: AuthContext,
  body: z.output<typeof createLogbookEntryBody>,
  now = new Date(),
) {
  const occurredAt = body.occurredAt ? new Date(body.occurredAt) : now;
  if (occurredAt.getTime() > now.getTime() + logbookFutureToleranceMs) throw errors.future();
  // Image work before the transaction: the counter row stays locked for as little as possible.
  const images = await photoBytes(body.photos);
  return db.withTenant(auth.companyId, async (tx) => {
    const site = await findSite(tx, auth.companyId, body.siteId);
    if (!site) throw errors.siteNotFound();
    const shiftId = await shiftOnDuty(tx, auth.companyId, auth.userId, site.id);
    if (auth.role === 'agent' && !shiftId) throw errors.notOnDuty();
    if (body.correctsId) {
      const [target] = await tx
        .select({ id: logbookEntries.id })
        .from(logbookEntries)
        .where(
          and(
            eq(logbookEntries.companyId, auth.companyId),
            eq(logbookEntries.id, body.correctsId),
            eq(logbookEntries.siteId, site.id),
          ),
        );
      if (!target) throw errors.correctedNotFound();
    }
    const photoIds: string[] = [];
    for (const data of images)
      photoIds.push(
        await storeFile(tx, auth.companyId, { kind: PHOTO_KIND, contentType: 'image/webp', data }),
      );
    const row = await appendEntry(tx, auth.companyId, {
      siteId: site.id,
      siteName: site.name,
      occurredAt,
      category: body.category,
      text: body.text,
      photoIds,
      authorUserId: auth.userId,
      authorName: auth.user.name,
      shiftId,
      correctsId: body.correctsId ?? null,
      source: 'user',
      sourceEventId: null,
    });
    return toDto(row, []);
  });
}

export async function listEntries(db: Database, auth: AuthContext, q: z.output<typeof listLogbookQuery>) {
  const before = decodeCursor(q.cursor, ['number']) as [number] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    await readableSite(tx, auth, q.siteId);
    const where = and(
      eq(logbookEntries.companyId, auth.companyId),
      eq(logbookEntries.siteId, q.siteId),
      q.from ? gte(logbookEntries.occurredAt, new Date(q.from)) : undefined,
      q.to ? lt(logbookEntries.occurredAt, new Date(q.to)) : undefined,
    );
    const rows = await tx
      .select()
      .from(logbookEntries)
      .where(and(where, before ? lt(logbookEntries.number, before[0]) : undefined))
      .orderBy(desc(logbookEntries.number))
      .limit(q.limit + 1);
    let total: number;
    if (!q.from && !q.to) {
      // The counter is the kept count of a site's entries (no gap, never deleted).
      const [c] = await tx
        .select({ last: logbookCounters.last })
        .from(logbookCounters)
        .where(and(eq(logbookCounters.companyId, auth.companyId), eq(logbookCounters.siteId, q.siteId)));
      total = c?.last ?? 0;
    } else {
      const [c] = await tx.select({ n: sql<number>`count(*)::int` }).from(logbookEntries).where(where);
      total = c?.n ?? 0;
    }
    return { rows: await withCorrections(tx, auth.companyId, rows), total };
  });
}

async function loadEntry(tx: Tx, auth: AuthContext, id: string) {
  const [row] = await tx
    .select()
    .from(logbookEntries)
    .where(and(eq(logbookEntries.companyId, auth.companyId), eq(logbookEntries.id, id)));
  if (!row) throw errors.notFound();
  if (auth.role === 'agent' && !(await agentHasSite(tx, auth.companyId, auth.userId, row.siteId)))
    throw errors.notFound();
  return row;
}

export async function getEntry(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await loadEntry(tx, auth, id);
    const [dto] = await withCorrections(tx, auth.companyId, [row]);
    return dto as LogbookEntry;
  });
}

/** A photo of an entry the caller may read (404 for any other file id). */
export async function getPhoto(db: Database, auth: AuthContext, photoId: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    const [row] = await tx
      .select({ id: logbookEntries.id })
      .from(logbookEntries)
      .where(
        and(
          eq(logbookEntries.companyId, auth.companyId),
          sql`${logbookEntries.photoIds} @> ${JSON.stringify([photoId])}::jsonb`,
        ),
      )
      .limit(1);
    if (!row) throw errors.photoNotFound();
    await loadEntry(tx, auth, row.id);
    const file = await readFile(tx, auth.companyId, photoId);
    if (!file) throw errors.photoNotFound();
    return file;
  });
}

export async function handover(db: Database, auth: AuthContext, siteId: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    await readableSite(tx, auth, siteId);
    const [row] = await tx
      .select()
      .from(logbookEntries)
      .where(
        and(
          eq(logbookEntries.companyId, auth.companyId),
          eq(logbookEntries.siteId, siteId),
          eq(logbookEntries.category, 'relève'),
        ),
      )
      .orderBy(desc(logbookEntries.number))
      .limit(1);
    if (!row) return null;
    const [dto] = await withCorrections(tx, auth.companyId, [row]);
    return dto ?? null;
  });
}

/** Recomputes the site's chain from its first entry: numbers, links and hashes. */
export async function verify(db: Database, auth: AuthContext, siteId: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    await readableSite(tx, auth, siteId);
    const rows = await tx
      .select()
      .from(logbookEntries)
      .where(and(eq(logbookEntries.companyId, auth.companyId), eq(logbookEntries.siteId, siteId)))
      .orderBy(asc(logbookEntries.number));
    const [counter] = await tx
      .select({ last: logbookCounters.last, lastHash: logbookCounters.lastHash })
      .from(logbookCounters)
      .where(and(eq(logbookCounters.companyId, auth.companyId), eq(logbookCounters.siteId, siteId)));
    let prev = GENESIS_HASH;
    let checked = 0;
    for (const [i, r] of rows.entries()) {
      const expected = entryHash(
        {
          id: r.id,
          companyId: r.companyId,
          siteId: r.siteId,
          siteName: r.siteName,
          number: r.number,
          occurredAt: r.occurredAt,
          category: r.category,
          text: r.text,
          photoIds: r.photoIds,
          authorUserId: r.authorUserId,
          authorName: r.authorName,
          shiftId: r.shiftId,
          correctsId: r.correctsId,
          source: r.source,
          sourceEventId: r.sourceEventId,
        },
        prev,
      );
      if (r.number !== i + 1) return { ok: false, checked, firstBrokenNumber: i + 1 };
      if (r.prevHash !== prev || r.hash !== expected)
        return { ok: false, checked, firstBrokenNumber: r.number };
      prev = r.hash;
      checked++;
    }
    // An entry removed at the end of the chain: the counter remembers it.
    if (counter && (counter.last !== checked || counter.lastHash !== prev))
      return { ok: false, checked, firstBrokenNumber: checked + 1 };
    return { ok: true, checked };
  });
}

// ---- System entries: copied from the events table, off the hot paths. ----

const COPIER = 'events';
const kindLabels: Record<string, { category: 'incident' | 'passage' | 'autre'; prefix: string }> = {
  alarm: { category: 'incident', prefix: 'Alarme' },
  access: { category: 'passage', prefix: 'Accès refusé' },
  radio: { category: 'incident', prefix: 'Alerte radio' },
  clock_in: { category: 'autre', prefix: 'Prise de service' },
};

interface Pending {
  event_id: string | number;
  company_id: string;
  site_id: string | null;
  at: Date | string;
  kind: string | null;
  label: string | null;
}

/**
 * One pass of the copier: events after the last one copied (older than `before`, so that a
 * transaction still open with a lower id is not passed over), in id order, each relevant one
 * written once as a system entry of its site (a unique key on the source event id).
 */
export async function copySystemEvents(db: Database, before = new Date(Date.now() - 2000), batch = 500) {
  const stateRes = await db.direct.execute(
    sql`select last_event_id::float8 as last from logbook_copier_state where name = ${COPIER}`,
  );
  let after = Number(rowsOf<{ last: number }>(stateRes)[0]?.last ?? 0);
  let copied = 0;
  for (;;) {
    const res = await db.direct.execute(
      sql`select event_id::float8 as event_id, company_id::text as company_id, site_id::text as site_id, at, kind, label
            from logbook_pending_events(${after}, ${before.toISOString()}::timestamptz, ${batch})`,
    );
    const rows = rowsOf<Pending>(res);
    if (rows.length === 0) break;
    // Consecutive events of one company in one transaction, in order.
    let i = 0;
    while (i < rows.length) {
      const companyId = (rows[i] as Pending).company_id;
      let j = i;
      while (j < rows.length && (rows[j] as Pending).company_id === companyId) j++;
      const group = rows.slice(i, j).filter((r) => r.kind && r.site_id);
      if (group.length > 0) {
        copied += await db.withTenant(companyId, async (tx) => {
          let n = 0;
          for (const r of group) {
            const eventId = Number(r.event_id);
            const [done] = await tx
              .select({ id: logbookEntries.id })
              .from(logbookEntries)
              .where(and(eq(logbookEntries.companyId, companyId), eq(logbookEntries.sourceEventId, eventId)));
            if (done) continue;
            const site = await findSite(tx, companyId, r.site_id as string);
            if (!site) continue;
            const label = kindLabels[r.kind as string] ?? { category: 'autre' as const, prefix: 'Événement' };
            await appendEntry(tx, companyId, {
              siteId: site.id,
              siteName: site.name,
              occurredAt: new Date(r.at),
              category: label.category,
              text: `${label.prefix}${r.label ? ` : ${r.label}` : ''}`.slice(0, 4000),
              photoIds: [],
              authorUserId: null,
              authorName: 'Système',
              shiftId: null,
              correctsId: null,
              source: 'system',
              sourceEventId: eventId,
            });
            n++;
          }
          return n;
        });
      }
      i = j;
    }
    after = Number((rows[rows.length - 1] as Pending).event_id);
    await db.direct.execute(sql`
      insert into logbook_copier_state (name, last_event_id) values (${COPIER}, ${after})
      on conflict (name) do update set last_event_id = greatest(logbook_copier_state.last_event_id, excluded.last_event_id)`);
    if (rows.length < batch) break;
  }
  return copied;
}
