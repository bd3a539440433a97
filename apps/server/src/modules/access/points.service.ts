// Access points (doors, gates, barriers, turnstiles) and the keys of their readers. A reader key is
// bound to one point (integration keys with scope 'access_point'): shown once, stored hashed.
import type {
  AccessPoint,
  createAccessPointBody,
  listAccessPointsQuery,
  updateAccessPointBody,
} from '@vigie/contract/access.contract';
import type { AuditAction } from '@vigie/contract/audit-labels';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAndPublish } from '../audit/audit.service';
import {
  createScopedKey,
  listScopedKeys,
  revokePointKeys,
  revokeScopedKey,
} from '../integrations/integrations.service';
import { siteExists } from '../sites/sites.service';
import { accessErrors } from './access.errors';
import { RESPONDING_WINDOW_MS } from './access.models';
import { requireManager } from './badges.service';
import * as repo from './points.repository';

export const toPointDto = (r: repo.PointWithSite, now = Date.now()): AccessPoint => ({
  id: r.id,
  name: r.name,
  siteId: r.siteId,
  site: r.siteName,
  kind: r.kind,
  status: r.status,
  lastActivity: r.lastActivityAt ? r.lastActivityAt.toISOString() : null,
  responding:
    r.status === 'Actif' &&
    r.lastActivityAt !== null &&
    now - r.lastActivityAt.getTime() < RESPONDING_WINDOW_MS,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const changed = (
  tx: Tx,
  auth: AuthContext,
  id: string,
  action: Extract<AuditAction, `access_point.${string}`>,
  details: Record<string, unknown>,
) =>
  recordAndPublish(
    tx,
    auth,
    { action, entity: 'access_point', entityId: id, details },
    { type: 'access.changed', payload: { kind: 'point', id, change: action } },
  );

async function loadPoint(tx: Tx, companyId: string, id: string) {
  const row = await repo.findPoint(tx, companyId, id);
  if (!row) throw accessErrors.pointNotFound();
  return toPointDto(row);
}

export async function listPoints(db: Database, auth: AuthContext, q: z.output<typeof listAccessPointsQuery>) {
  requireManager(auth);
  const after = decodeCursor(q.cursor, ['string', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const { rows, total } = await repo.listPointsPage(
      tx,
      auth.companyId,
      { siteId: q.siteId, status: q.status },
      { limit: q.limit, after },
    );
    const now = Date.now();
    return { rows: rows.map((r) => toPointDto(r, now)), total };
  });
}

export async function getPoint(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  return db.withTenant(auth.companyId, (tx) => loadPoint(tx, auth.companyId, id));
}

export async function createPoint(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof createAccessPointBody>,
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    if (!(await siteExists(tx, auth.companyId, input.siteId))) throw accessErrors.siteNotFound();
    const id = await repo.insertPoint(tx, { companyId: auth.companyId, ...input });
    await changed(tx, auth, id, 'access_point.created', { name: input.name, siteId: input.siteId });
    return loadPoint(tx, auth.companyId, id);
  });
}

export async function updatePoint(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updateAccessPointBody>,
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    if (!(await repo.findPoint(tx, auth.companyId, id))) throw accessErrors.pointNotFound();
    if (input.siteId && !(await siteExists(tx, auth.companyId, input.siteId)))
      throw accessErrors.siteNotFound();
    await repo.updatePoint(tx, auth.companyId, id, input);
    await changed(tx, auth, id, 'access_point.updated', { fields: Object.keys(input) });
    return loadPoint(tx, auth.companyId, id);
  });
}

export async function deletePoint(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const gone = await repo.deletePoint(tx, auth.companyId, id);
    if (!gone) throw accessErrors.pointNotFound();
    // Its readers can no longer open anything.
    await revokePointKeys(tx, auth.companyId, id);
    await changed(tx, auth, id, 'access_point.deleted', { name: gone.name });
  });
}

const requireAdmin = (auth: AuthContext) => {
  if (auth.role !== 'admin') throw accessErrors.adminOnly();
};

export async function listPointKeys(db: Database, auth: AuthContext, pointId: string) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    if (!(await repo.findPoint(tx, auth.companyId, pointId))) throw accessErrors.pointNotFound();
    return listScopedKeys(tx, auth.companyId, { scope: 'access_point', accessPointId: pointId });
  });
}

export async function createPointKey(db: Database, auth: AuthContext, pointId: string, name: string) {
  requireAdmin(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    if (!(await repo.findPoint(tx, auth.companyId, pointId))) throw accessErrors.pointNotFound();
    return createScopedKey(tx, auth, name, { scope: 'access_point', accessPointId: pointId });
  });
}

export async function revokePointKey(db: Database, auth: AuthContext, pointId: string, keyId: string) {
  requireAdmin(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    if (!(await repo.findPoint(tx, auth.companyId, pointId))) throw accessErrors.pointNotFound();
    const ok = await revokeScopedKey(tx, auth, keyId, { scope: 'access_point', accessPointId: pointId });
    if (!ok) throw accessErrors.keyNotFound();
  });
}
