import type { createAgentBody, listAgentsQuery, updateAgentBody } from '@vigie/contract/agents.contract';
import { maxPhotoBytes } from '@vigie/contract/agents.contract';
import { planLimits } from '@vigie/contract/enums';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Language } from '../../lib/languages';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAndPublish } from '../audit/audit.service';
import { companyTimezone } from '../companies/companies.service';
import { deleteFile, normaliseImage, readFile, storeFile } from '../files/files.service';
import { siteExists } from '../sites/sites.service';
import { findCompanyUser } from '../users/users.service';
import { toAgentDto } from './agents.models';
import * as repo from './agents.repository';
import { planningErrors } from './planning.errors';
import { localDate } from './rules/shift-time';

/** Administrators and operators manage agents; an agent reads only its own record. */
export const requireManager = (auth: AuthContext) => {
  if (auth.role === 'agent') throw planningErrors.readOnly();
};

export async function todayOf(tx: Tx, companyId: string) {
  const timezone = await companyTimezone(tx, companyId);
  return { timezone, today: localDate(new Date(), timezone) };
}

/** An agent's record, its licence alerts written in `language` (the reader's). */
async function loadAgent(tx: Tx, auth: AuthContext, id: string, language: Language) {
  const row = await repo.findAgent(tx, auth.companyId, id);
  if (!row || (auth.role === 'agent' && row.userId !== auth.userId)) throw planningErrors.agentNotFound();
  const { today } = await todayOf(tx, auth.companyId);
  return toAgentDto(row, today, language);
}

export async function listAgents(
  db: Database,
  auth: AuthContext,
  q: z.output<typeof listAgentsQuery>,
  language: Language = 'fr',
) {
  const after = decodeCursor(q.cursor, ['string', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const { today } = await todayOf(tx, auth.companyId);
    if (auth.role === 'agent') {
      // An agent sees its own record only (its colleagues' details are personal data).
      const own = await repo.findAgentByUser(tx, auth.companyId, auth.userId);
      const rows = own && !after ? [toAgentDto(own, today, language)] : [];
      return { rows, total: rows.length };
    }
    const filter = { search: q.search, status: q.status, siteId: q.siteId };
    const { rows, total } = await repo.listAgentsPage(tx, auth.companyId, filter, { limit: q.limit, after });
    return { rows: rows.map((r) => toAgentDto(r, today, language)), total };
  });
}

export async function getAgent(db: Database, auth: AuthContext, id: string, language: Language = 'fr') {
  return db.withTenant(auth.companyId, (tx) => loadAgent(tx, auth, id, language));
}

async function checkLinks(
  tx: Tx,
  companyId: string,
  agentId: string | null,
  input: { assignedSiteId?: string | null; userId?: string | null },
) {
  if (input.assignedSiteId && !(await siteExists(tx, companyId, input.assignedSiteId))) {
    throw planningErrors.siteNotFound();
  }
  if (input.userId) {
    const user = await findCompanyUser(tx, companyId, input.userId);
    if (!user) throw planningErrors.userNotFound();
    if (user.role !== 'agent') throw planningErrors.userNotAgent();
    const holder = await repo.findAgentByUser(tx, companyId, input.userId);
    if (holder && holder.id !== agentId) throw planningErrors.userTaken();
  }
}

/** Unique violations become the matching 409. */
function uniqueConflict(err: unknown): never {
  if (isUniqueViolation(err, 'agents_company_badge_key')) throw planningErrors.badgeTaken();
  if (isUniqueViolation(err, 'agents_company_user_key')) throw planningErrors.userTaken();
  throw err;
}

export async function createAgent(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof createAgentBody>,
  language: Language = 'fr',
) {
  requireManager(auth);
  const plan = auth.company.subscription;
  const limit = planLimits[plan].agents;
  return db.withTenant(auth.companyId, async (tx) => {
    if (limit !== null) {
      await repo.lockAgentCreation(tx, auth.companyId);
      if ((await repo.countAgents(tx, auth.companyId)) >= limit) throw planningErrors.planLimit(plan, limit);
    }
    await checkLinks(tx, auth.companyId, null, input);
    const id = await tx
      .transaction((sp) =>
        repo.insertAgent(sp as Tx, {
          companyId: auth.companyId,
          name: input.name,
          badge: input.badge,
          phone: input.phone,
          email: input.email,
          speciality: input.speciality,
          level: input.level,
          hireDate: input.hireDate,
          assignedSiteId: input.assignedSiteId,
          status: input.status,
          cnapsNumber: input.cnapsNumber,
          cnapsExpiresOn: input.cnapsExpiresOn,
          qualifications: input.qualifications,
          userId: input.userId,
        }),
      )
      .catch(uniqueConflict);
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'agent.created',
        entity: 'agent',
        entityId: id,
        details: { name: input.name, badge: input.badge },
      },
      { type: 'agent.changed', payload: { id, change: 'created' } },
    );
    return loadAgent(tx, auth, id, language);
  });
}

export async function updateAgent(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updateAgentBody>,
  language: Language = 'fr',
) {
  requireManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    if (!(await repo.findAgent(tx, auth.companyId, id))) throw planningErrors.agentNotFound();
    await checkLinks(tx, auth.companyId, id, input);
    await tx.transaction((sp) => repo.updateAgent(sp as Tx, auth.companyId, id, input)).catch(uniqueConflict);
    await recordAndPublish(
      tx,
      auth,
      { action: 'agent.updated', entity: 'agent', entityId: id, details: { fields: Object.keys(input) } },
      { type: 'agent.changed', payload: { id, change: 'updated' } },
    );
    return loadAgent(tx, auth, id, language);
  });
}

export async function deleteAgent(db: Database, auth: AuthContext, id: string) {
  requireManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findAgent(tx, auth.companyId, id);
    if (!current) throw planningErrors.agentNotFound();
    const shifts = await repo.countShiftsOfAgent(tx, auth.companyId, id);
    if (shifts > 0) throw planningErrors.agentHasShifts(shifts);
    const gone = await repo.deleteAgent(tx, auth.companyId, id);
    if (gone?.photoFileId) await deleteFile(tx, auth.companyId, gone.photoFileId);
    await recordAndPublish(
      tx,
      auth,
      {
        action: 'agent.deleted',
        entity: 'agent',
        entityId: id,
        details: { name: current.name, badge: current.badge },
      },
      { type: 'agent.changed', payload: { id, change: 'deleted' } },
    );
  });
}

export async function putAgentPhoto(
  db: Database,
  auth: AuthContext,
  id: string,
  base64: string,
  language: Language = 'fr',
) {
  requireManager(auth);
  // An unknown (or another company's) agent is a 404 before any work on the image.
  const exists = await db.withTenant(auth.companyId, (tx) => repo.findAgent(tx, auth.companyId, id));
  if (!exists) throw planningErrors.agentNotFound();
  const bytes = Buffer.from(base64, 'base64');
  // Decoded outside the transaction: re-encoding a 5 MB image takes a while.
  const webp = await normaliseImage(bytes, { maxBytes: maxPhotoBytes, maxSide: 512, loc: ['body', 'data'] });
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findAgent(tx, auth.companyId, id);
    if (!current) throw planningErrors.agentNotFound();
    const fileId = await storeFile(tx, auth.companyId, {
      kind: 'agent_photo',
      contentType: 'image/webp',
      data: webp,
    });
    await repo.updateAgent(tx, auth.companyId, id, {
      photoFileId: fileId,
      photoVersion: current.photoVersion + 1,
    });
    if (current.photoFileId) await deleteFile(tx, auth.companyId, current.photoFileId);
    await recordAndPublish(
      tx,
      auth,
      { action: 'agent.photo_updated', entity: 'agent', entityId: id, details: { bytes: webp.length } },
      { type: 'agent.changed', payload: { id, change: 'photo' } },
    );
    return loadAgent(tx, auth, id, language);
  });
}

export async function getAgentPhoto(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, async (tx) => {
    const agent = await repo.findAgent(tx, auth.companyId, id);
    if (!agent) throw planningErrors.agentNotFound();
    if (!agent.photoFileId) throw planningErrors.noPhoto();
    const file = await readFile(tx, auth.companyId, agent.photoFileId);
    if (!file) throw planningErrors.noPhoto();
    return file;
  });
}

/** Whether the agent is one of this company's (other modules link records to agents). */
export async function agentExists(tx: Tx, companyId: string, id: string) {
  return (await repo.findAgent(tx, companyId, id)) !== undefined;
}

/** One of the company's agents (with its site's name), for other modules; undefined when unknown. */
export async function findAgent(tx: Tx, companyId: string, id: string) {
  return repo.findAgent(tx, companyId, id);
}

/** The agent record of a user of the company, if the user has one. */
export async function findAgentByUser(tx: Tx, companyId: string, userId: string) {
  return repo.findAgentByUser(tx, companyId, userId);
}
