import { planLimits } from '@vigie/contract/enums';
import type { createSiteBody, listSitesQuery, updateSiteBody } from '@vigie/contract/sites.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAudit } from '../audit/audit.service';
import { siteErrors } from './sites.errors';
import { toSiteDto } from './sites.models';
import * as repo from './sites.repository';

/** Agents read; administrators and operators manage sites. */
const requireManager = (auth: AuthContext) => {
  if (auth.role === 'agent') throw siteErrors.readOnly();
};

export async function listSites(db: Database, auth: AuthContext, q: z.output<typeof listSitesQuery>) {
  const after = decodeCursor(q.cursor, 2) as [string, string] | undefined;
  const filter = { search: q.search, status: q.status, type: q.type };
  const { rows, total } = await repo.listSitesPage(db, auth.companyId, filter, { limit: q.limit, after });
  return { rows: rows.map(toSiteDto), total };
}

async function loadSite(tx: Tx, companyId: string, id: string) {
  const row = await repo.findSite(tx, companyId, id);
  if (!row) throw siteErrors.notFound();
  return toSiteDto(row);
}

export async function getSite(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, (tx) => loadSite(tx, auth.companyId, id));
}

/** For other modules (cameras): does this site exist in the transaction's company? */
export async function siteExists(tx: Tx, companyId: string, id: string) {
  return (await repo.findSite(tx, companyId, id)) !== undefined;
}

export async function createSite(db: Database, auth: AuthContext, input: z.output<typeof createSiteBody>) {
  requireManager(auth);
  const plan = auth.company.subscription;
  const limit = planLimits[plan].sites;
  return db.withTenant(auth.companyId, async (tx) => {
    if (limit !== null) {
      await repo.lockSiteCreation(tx, auth.companyId);
      if ((await repo.countSites(tx, auth.companyId)) >= limit) throw siteErrors.planLimit(plan, limit);
    }
    const id = await repo.insertSite(tx, {
      companyId: auth.companyId,
      name: input.name,
      address: input.address,
      type: input.type,
      contactName: input.contactName ?? null,
      contactPhone: input.contactPhone ?? null,
      contactEmail: input.contactEmail ?? null,
      status: input.status,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      geofenceRadiusM: input.geofenceRadiusM,
      requiredQualifications: input.requiredQualifications,
    });
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'site.created',
      entity: 'site',
      entityId: id,
      details: { name: input.name },
    });
    return loadSite(tx, auth.companyId, id);
  });
}

export async function updateSite(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updateSiteBody>,
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    // Absent fields stay untouched; drizzle skips undefined values.
    if (!(await repo.updateSite(tx, auth.companyId, id, input))) throw siteErrors.notFound();
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'site.updated',
      entity: 'site',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return loadSite(tx, auth.companyId, id);
  });
}

export async function deleteSite(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findSite(tx, auth.companyId, id);
    if (!current) throw siteErrors.notFound();
    if (current.camerasCount > 0) throw siteErrors.hasCameras(current.camerasCount);
    const alarms = await repo.alarmHistoryCount(tx, auth.companyId, id);
    if (alarms > 0) throw siteErrors.hasAlarms(alarms);
    try {
      // A savepoint, so a camera or alarm added meanwhile (foreign key) becomes a clean 409.
      await tx.transaction((sp) => repo.deleteSite(sp as Tx, auth.companyId, id));
    } catch (err) {
      if (isForeignKeyViolation(err)) throw siteErrors.hasDependents();
      throw err;
    }
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'site.deleted',
      entity: 'site',
      entityId: id,
      details: { name: current.name },
    });
  });
}

/** For the planning module: a site's name, position, geofence and required qualifications. */
export async function siteForPlanning(tx: Tx, companyId: string, id: string) {
  return repo.findSiteForPlanning(tx, companyId, id);
}
