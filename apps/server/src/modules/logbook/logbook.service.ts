// Main courante électronique: an append-only register per site. Entries are numbered per site by a
// counter row updated in the insert's statement (no gap, no duplicate, and the chain's order) and
// chained by SHA-256 (chain.ts, logbook.models.ts). Never edited nor deleted: a correction is a new
// entry that points at the one it corrects. Agents write only where they are on duty now and read the
// sites of their shifts; administrators and operators read and write every site of the company.
import type {
  createLogbookEntryBody,
  LogbookEntry,
  listLogbookQuery,
} from '@vigie/contract/logbook.contract';
import { logbookFutureToleranceMs, maxLogbookPhotoBytes } from '@vigie/contract/logbook.contract';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import { logbookCounters, logbookEntries } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { normaliseImage, readFile } from '../files/files.service';
import { verifyChain } from './chain';
import { type WriteOutcome, writeUserEntry } from './entry-write';
import { logbookErrors as errors } from './logbook.errors';

type Row = typeof logbookEntries.$inferSelect;

const photoUrl = (photoId: string) => `/api/logbook/photos/${photoId}`;

type CorrectionOf = Pick<
  Row,
  'id' | 'number' | 'occurredAt' | 'text' | 'authorUserId' | 'authorName' | 'createdAt'
>;

function toDto(r: Row, corrections: CorrectionOf[]): LogbookEntry {
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

export async function findSite(tx: Tx, companyId: string, siteId: string) {
  const res = await tx.execute(
    sql`select id::text as id, name from sites where company_id = ${companyId} and id = ${siteId}`,
  );
  return rowsOf<{ id: string; name: string }>(res)[0];
}

/**
 * The entry an earlier write with this `clientRef` made (a phone sending its queue again after a
 * lost answer). Another user's reference is a conflict, never a way to read their entry.
 */
async function replayOf(db: Database, auth: AuthContext, earlierId: string, earlierAuthor: string | null) {
  if (earlierAuthor !== auth.userId) throw errors.clientRefTaken();
  return db.withTenant(auth.companyId, async (tx) => {
    const [row] = await tx
      .select()
      .from(logbookEntries)
      .where(and(eq(logbookEntries.companyId, auth.companyId), eq(logbookEntries.id, earlierId)));
    if (!row) throw errors.notFound();
    return toDto(row, []);
  });
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
): Promise<LogbookEntry> {
  const occurredAt = body.occurredAt ? new Date(body.occurredAt) : now;
  if (occurredAt.getTime() > now.getTime() + logbookFutureToleranceMs) throw errors.future();
  // Image work before the statement: the counter row stays locked for as little as possible.
  const images = await photoBytes(body.photos);
  const entry = {
    siteId: body.siteId,
    occurredAt,
    category: body.category,
    text: body.text,
    images,
    authorUserId: auth.userId,
    authorName: auth.user.name,
    mustBeOnDuty: auth.role === 'agent',
    correctsId: body.correctsId ?? null,
    clientRef: body.clientRef ?? null,
  };
  let out: WriteOutcome;
  try {
    out = await writeUserEntry(db, auth.companyId, entry);
  } catch (err) {
    // Two sends of one reference at once: the second's insert met the first's in the unique index
    // (its statement rolled back whole: no number taken). It now finds the first.
    if (!entry.clientRef || !isUniqueViolation(err, 'logbook_entries_client_ref_key')) throw err;
    out = await writeUserEntry(db, auth.companyId, entry);
  }
  switch (out.kind) {
    case 'replay':
      return replayOf(db, auth, out.earlierId, out.earlierAuthor);
    case 'site_not_found':
      throw errors.siteNotFound();
    case 'not_on_duty':
      throw errors.notOnDuty();
    case 'corrected_not_found':
      throw errors.correctedNotFound();
  }
  return toDto(out.entry, []);
}

/**
 * Each listed entry's corrections, oldest first, read with it (a probe of a small partial index). The
 * outer row is named in full: drizzle writes a column of the selected table unqualified.
 */
const correctionsJson = sql<CorrectionJson[] | string | null>`(
  select json_agg(json_build_object('id', c.id, 'number', c.number, 'occurredAt', c.occurred_at, 'text', c.text,
                                    'authorUserId', c.author_user_id, 'authorName', c.author_name,
                                    'createdAt', c.created_at) order by c.number)
    from ${logbookEntries} c
   where c.company_id = "logbook_entries"."company_id" and c.corrects_id = "logbook_entries"."id")`;
interface CorrectionJson {
  id: string;
  number: number;
  occurredAt: string;
  text: string;
  authorUserId: string | null;
  authorName: string;
  createdAt: string;
}
const parseCorrections = (v: CorrectionJson[] | string | null): CorrectionOf[] =>
  ((typeof v === 'string' ? JSON.parse(v) : v) ?? []).map((c: CorrectionJson) => ({
    ...c,
    occurredAt: new Date(c.occurredAt),
    createdAt: new Date(c.createdAt),
  }));

/**
 * A page of a site's register, newest first. One statement reads the page, each entry's
 * corrections and the total (the counter — the kept count of a site's entries, no gap, never
 * deleted — or the period's count by the (site, occurred_at) index): a day of a 100,000-entry site
 * costs what a small one's does (bench/logbook.ts).
 */
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
    const total =
      !q.from && !q.to
        ? sql<number>`(select k.last from ${logbookCounters} k where k.company_id = ${auth.companyId} and k.site_id = ${q.siteId})`
        : sql<number>`(select count(*)::int from ${logbookEntries} x where x.company_id = ${auth.companyId} and x.site_id = ${q.siteId}
            ${q.from ? sql`and x.occurred_at >= ${q.from}::timestamptz` : sql``} ${q.to ? sql`and x.occurred_at < ${q.to}::timestamptz` : sql``})`;
    const rows = await tx
      .select({ entry: logbookEntries, corrections: correctionsJson, total })
      .from(logbookEntries)
      .where(and(where, before ? lt(logbookEntries.number, before[0]) : undefined))
      .orderBy(desc(logbookEntries.number))
      .limit(q.limit + 1);
    // A page past the last entry has no row to carry the total: ask for it apart (rare).
    const count =
      rows[0]?.total ??
      (before ? Number(rowsOf<{ n: number }>(await tx.execute(sql`select ${total} as n`))[0]?.n ?? 0) : 0);
    return {
      rows: rows.map((r) => toDto(r.entry, parseCorrections(r.corrections))),
      total: Number(count ?? 0),
    };
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

/** The chain check of a site the caller may read. */
export async function verify(db: Database, auth: AuthContext, siteId: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    await readableSite(tx, auth, siteId);
    return verifyChain(tx, auth.companyId, siteId);
  });
}
