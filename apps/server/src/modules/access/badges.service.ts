// Badges: QR codes signed by the server (bound to company, badge and version) or NFC cards (their
// UID). Administrators and operators manage them; every change is audited and pushed in real time.
import type {
  Badge,
  createBadgeBody,
  listBadgesQuery,
  updateBadgeBody,
} from '@vigie/contract/access.contract';
import type { AuditAction } from '@vigie/contract/audit-labels';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { AuthContext } from '../../plugins/auth';
import { buildInWorker } from '../../plugins/document-worker';
import { decodeCursor } from '../../plugins/pagination';
import type { SecretBox } from '../../plugins/secrets';
import { recordAndPublish, recordAudit } from '../audit/audit.service';
import { agentExists, todayOf } from '../planning/agents.service';
import { siteExists } from '../sites/sites.service';
import { accessErrors } from './access.errors';
import { effectiveStatus, qrPayload } from './access.models';
import * as repo from './badges.repository';
import type { BadgeCardInput } from './export/badge-card';
import { existingPointIds } from './points.repository';

export const requireManager = (auth: AuthContext) => {
  if (auth.role === 'agent') throw accessErrors.readOnly();
};

function uniqueConflict(err: unknown): never {
  if (isUniqueViolation(err, 'badges_company_number_key')) throw accessErrors.numberTaken();
  if (isUniqueViolation(err, 'badges_company_nfc_uid_key')) throw accessErrors.uidTaken();
  throw err;
}

const iso = (d: Date) => d.toISOString();

export const toBadgeDto = (r: repo.BadgeRow, today: string): Badge => ({
  id: r.id,
  badgeId: r.number,
  badgeType: r.type,
  holder: r.holderName,
  holderName: r.holderName,
  department: r.department,
  expires: r.expiresOn,
  expiryDate: r.expiresOn,
  status: effectiveStatus(r, today),
  storedStatus: r.status,
  agentId: r.agentId,
  nfcUid: r.nfcUid,
  qrVersion: r.qrVersion,
  allowedPointIds: r.allowedPointIds,
  allowedSiteIds: r.allowedSiteIds,
  timeWindows: r.timeWindows,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** Links of a badge (agent, points, sites) must all be this company's. */
async function checkLinks(
  tx: Tx,
  companyId: string,
  input: { agentId?: string | null; allowedPointIds?: string[]; allowedSiteIds?: string[] },
) {
  if (input.agentId && !(await agentExists(tx, companyId, input.agentId))) throw accessErrors.agentNotFound();
  if (input.allowedPointIds) {
    const found = await existingPointIds(tx, companyId, input.allowedPointIds);
    if (found.length !== input.allowedPointIds.length) throw accessErrors.unknownPoints();
  }
  for (const siteId of input.allowedSiteIds ?? [])
    if (!(await siteExists(tx, companyId, siteId))) throw accessErrors.unknownSites();
}

const changed = (
  tx: Tx,
  auth: AuthContext,
  id: string,
  action: Extract<AuditAction, `badge.${string}`>,
  details: Record<string, unknown>,
) =>
  recordAndPublish(
    tx,
    auth,
    { action, entity: 'badge', entityId: id, details },
    { type: 'access.changed', payload: { kind: 'badge', id, change: action } },
  );

export async function listBadges(db: Database, auth: AuthContext, q: z.output<typeof listBadgesQuery>) {
  requireManager(auth);
  const after = decodeCursor(q.cursor, ['string', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const { today } = await todayOf(tx, auth.companyId);
    const { rows, total } = await repo.listBadgesPage(
      tx,
      auth.companyId,
      { search: q.search, status: q.status, today },
      { limit: q.limit, after },
    );
    return { rows: rows.map((r) => toBadgeDto(r, today)), total };
  });
}

async function loadBadge(tx: Tx, auth: AuthContext, id: string) {
  const row = await repo.findBadge(tx, auth.companyId, id);
  if (!row) throw accessErrors.badgeNotFound();
  const { today } = await todayOf(tx, auth.companyId);
  return toBadgeDto(row, today);
}

export async function getBadge(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, (tx) => loadBadge(tx, auth, id));
}

export async function createBadge(db: Database, auth: AuthContext, input: z.output<typeof createBadgeBody>) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    await checkLinks(tx, auth.companyId, input);
    const row = await repo
      .insertBadge(tx, {
        companyId: auth.companyId,
        number: input.badgeId,
        type: input.badgeType,
        holderName: input.holderName,
        department: input.department,
        expiresOn: input.expiryDate,
        agentId: input.agentId,
        // An NFC badge without a UID is known by its number (what most readers send).
        nfcUid: input.badgeType === 'nfc' ? (input.nfcUid ?? normaliseUid(input.badgeId)) : null,
        allowedPointIds: input.allowedPointIds ?? [],
        allowedSiteIds: input.allowedSiteIds ?? [],
        timeWindows: input.timeWindows ?? [],
      })
      .catch(uniqueConflict);
    await changed(tx, auth, row.id, 'badge.created', {
      number: row.number,
      holder: row.holderName,
      type: row.type,
    });
    return loadBadge(tx, auth, row.id);
  });
}

/** A badge number used as an NFC UID: upper-case without separators. */
const normaliseUid = (v: string) => v.replace(/[\s:-]/g, '').toUpperCase();

export async function updateBadge(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updateBadgeBody>,
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findBadge(tx, auth.companyId, id);
    if (!current) throw accessErrors.badgeNotFound();
    await checkLinks(tx, auth.companyId, input);
    await repo
      .updateBadge(tx, auth.companyId, id, {
        number: input.badgeId,
        holderName: input.holderName,
        department: input.department,
        expiresOn: input.expiryDate,
        agentId: input.agentId,
        nfcUid: current.type === 'nfc' ? (input.nfcUid ?? undefined) : undefined,
        allowedPointIds: input.allowedPointIds,
        allowedSiteIds: input.allowedSiteIds,
        timeWindows: input.timeWindows,
        status: input.status,
      })
      .catch(uniqueConflict);
    const action =
      input.status && input.status !== current.status
        ? input.status === 'Suspendu'
          ? 'badge.suspended'
          : 'badge.reactivated'
        : 'badge.updated';
    // The number names the badge in the journal's « Objet » (it never changes).
    await changed(tx, auth, id, action, {
      number: current.number,
      fields: Object.keys(input).filter((k) => k in input),
    });
    return loadBadge(tx, auth, id);
  });
}

export async function deleteBadge(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    // The log keeps its lines: they hold the holder's name as it was, not a reference.
    const gone = await repo.deleteBadge(tx, auth.companyId, id);
    if (!gone) throw accessErrors.badgeNotFound();
    await changed(tx, auth, id, 'badge.deleted', { number: gone.number, holder: gone.holderName });
  });
}

export async function badgeQr(db: Database, secrets: SecretBox, auth: AuthContext, id: string) {
  requireManager(auth);
  const row = await db.withTenant(auth.companyId, (tx) => repo.findBadge(tx, auth.companyId, id));
  if (!row) throw accessErrors.badgeNotFound();
  if (row.type !== 'qrcode') throw accessErrors.notQr();
  return { payload: qrPayload(secrets, auth.companyId, row.id, row.qrVersion), version: row.qrVersion };
}

/** The printable card (PDF), built in a worker thread; printing a badge is audited. */
export async function badgeCard(db: Database, secrets: SecretBox, auth: AuthContext, id: string) {
  requireManager(auth);
  const row = await db.withTenant(auth.companyId, async (tx) => {
    const found = await repo.findBadge(tx, auth.companyId, id);
    if (!found) throw accessErrors.badgeNotFound();
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'badge.card_printed',
      entity: 'badge',
      entityId: id,
      details: { number: found.number },
    });
    return found;
  });
  const input: BadgeCardInput = {
    companyName: auth.company.name,
    holderName: row.holderName,
    department: row.department,
    number: row.number,
    type: row.type,
    expires: row.expiresOn ? row.expiresOn.split('-').reverse().join('/') : null,
    qrPayload: row.type === 'qrcode' ? qrPayload(secrets, auth.companyId, row.id, row.qrVersion) : null,
  };
  const pdf = await buildInWorker(
    new URL('./export/badge-card.ts', import.meta.url).href,
    'buildBadgeCard',
    input,
    'Badge card',
  );
  return { pdf, number: row.number };
}

/** A new version: every code printed before is refused from now on ('code QR révoqué'). */
export async function regenerateQr(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findBadge(tx, auth.companyId, id);
    if (!current) throw accessErrors.badgeNotFound();
    if (current.type !== 'qrcode') throw accessErrors.notQr();
    await repo.updateBadge(tx, auth.companyId, id, { qrVersion: current.qrVersion + 1 });
    await changed(tx, auth, id, 'badge.qr_regenerated', {
      number: current.number,
      version: current.qrVersion + 1,
    });
    return loadBadge(tx, auth, id);
  });
}
