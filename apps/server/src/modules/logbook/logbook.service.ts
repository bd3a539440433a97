// Main courante électronique: an append-only register per site. Entries are numbered per site by a
// counter row updated in the insert's statement (no gap, no duplicate, and the chain's order) and
// chained by SHA-256 (chain.repository.ts, logbook.models.ts). Never edited nor deleted: a correction is a new
// entry that points at the one it corrects. Agents write only where they are on duty now and read the
// sites of their shifts; administrators and operators read and write every site of the company.
import type {
  createLogbookEntryBody,
  LogbookCategory,
  LogbookEntry,
  listLogbookQuery,
} from '@vigie/contract/logbook.contract';
import { logbookFutureToleranceMs, maxLogbookPhotoBytes } from '@vigie/contract/logbook.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { normaliseImage, readFile, storeFile } from '../files/files.service';
import { appendEntry } from './chain.repository';
import { verifyChain } from './chain.service';
import { PHOTO_KIND, type WriteOutcome, writeUserEntry } from './entry-write.repository';
import { logbookErrors as errors } from './logbook.errors';
import type { CorrectionJson, EntryRow, StoredEntry } from './logbook.models';
import * as repo from './logbook.repository';

const photoUrl = (photoId: string) => `/api/logbook/photos/${photoId}`;

type CorrectionOf = Pick<
  StoredEntry,
  'id' | 'number' | 'occurredAt' | 'text' | 'authorUserId' | 'authorName' | 'createdAt'
>;

function toDto(r: EntryRow, corrections: CorrectionOf[]): LogbookEntry {
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

async function withCorrections(tx: Tx, companyId: string, rows: StoredEntry[]) {
  if (rows.length === 0) return [];
  const corr = await repo.correctionsOf(
    tx,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toDto(
      r,
      corr.filter((c) => c.correctsId === r.id),
    ),
  );
}

/**
 * The entry an earlier write with this `clientRef` made (a phone sending its queue again after a
 * lost answer). Another user's reference is a conflict, never a way to read their entry.
 */
async function replayOf(db: Database, auth: AuthContext, earlierId: string, earlierAuthor: string | null) {
  if (earlierAuthor !== auth.userId) throw errors.clientRefTaken();
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await repo.findEntry(tx, auth.companyId, earlierId);
    if (!row) throw errors.notFound();
    return toDto(row, []);
  });
}

/** The site, when the caller may read its register (404 for an unknown or foreign site). */
async function readableSite(tx: Tx, auth: AuthContext, siteId: string) {
  const site = await repo.findSite(tx, auth.companyId, siteId);
  if (!site) throw errors.siteNotFound();
  if (auth.role === 'agent' && !(await repo.agentHasSite(tx, auth.companyId, auth.userId, siteId)))
    throw errors.notYourSite();
  return site;
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes and normalises photos sent as base64 (`photos` of a body); 422 on a bad one. */
export async function photoBytes(photos: string[]) {
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
 * A system entry on a site's main courante in the caller's transaction, for another module's record
 * (an alarm panel's arming, a link restored). Numbered and chained like every entry (appendEntry);
 * undefined when the site is not the company's.
 */
export async function appendSystemEntry(
  tx: Tx,
  e: {
    companyId: string;
    siteId: string;
    category: LogbookCategory;
    text: string;
    /** Shown as the entry's author: « Centrale « Entrepôt » ». */
    author: string;
    occurredAt?: Date;
    /** Photos already normalised (files.service normaliseImage), e.g. an intervention's report. */
    images?: Buffer[];
  },
) {
  const site = await repo.findSite(tx, e.companyId, e.siteId);
  if (!site) return undefined;
  const photoIds: string[] = [];
  for (const data of e.images ?? []) {
    photoIds.push(await storeFile(tx, e.companyId, { kind: PHOTO_KIND, contentType: 'image/webp', data }));
  }
  return appendEntry(tx, e.companyId, {
    siteId: site.id,
    siteName: site.name,
    occurredAt: e.occurredAt ?? new Date(),
    category: e.category,
    text: e.text.slice(0, 4000),
    photoIds,
    authorUserId: null,
    authorName: e.author.slice(0, 200),
    shiftId: null,
    correctsId: null,
    source: 'system',
    sourceEventId: null,
  });
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
 * deleted — or the period's count by the (site, occurred_at) index), and checks that the caller may
 * read the site: a day of a 100,000-entry site costs what a small one's does, in one round trip
 * (bench/logbook.ts). Only an empty page reads again, to answer an unknown site (404) or an agent's
 * other site (403) as readableSite does.
 */
export async function listEntries(db: Database, auth: AuthContext, q: z.output<typeof listLogbookQuery>) {
  const before = decodeCursor(q.cursor, ['number']) as [number] | undefined;
  const page = await repo.listEntriesPage(
    db,
    auth.companyId,
    { siteId: q.siteId, from: q.from, to: q.to },
    { limit: q.limit, before },
    { agentUserId: auth.role === 'agent' ? auth.userId : undefined },
  );
  if (page.kind === 'site_not_found') throw errors.siteNotFound();
  if (page.kind === 'not_your_site') throw errors.notYourSite();
  return {
    rows: page.rows.map((r) => toDto(r, parseCorrections(r.corrections))),
    total: page.total,
  };
}

async function loadEntry(tx: Tx, auth: AuthContext, id: string) {
  const row = await repo.findEntry(tx, auth.companyId, id);
  if (!row) throw errors.notFound();
  if (auth.role === 'agent' && !(await repo.agentHasSite(tx, auth.companyId, auth.userId, row.siteId)))
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
    const entryId = await repo.entryIdWithPhoto(tx, auth.companyId, photoId);
    if (!entryId) throw errors.photoNotFound();
    await loadEntry(tx, auth, entryId);
    const file = await readFile(tx, auth.companyId, photoId);
    if (!file) throw errors.photoNotFound();
    return file;
  });
}

export async function handover(db: Database, auth: AuthContext, siteId: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    await readableSite(tx, auth, siteId);
    const row = await repo.lastHandover(tx, auth.companyId, siteId);
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
