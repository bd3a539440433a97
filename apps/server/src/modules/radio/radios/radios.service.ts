// Radios: 4G push-to-talk handsets known by their IMEI, assigned to an agent. Their battery, signal,
// channel and position come from the handset (device.service.ts).
import type { AuditAction } from '@vigie/contract/audit-labels';
import type { createRadioBody, listRadiosQuery, updateRadioBody } from '@vigie/contract/radio.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import type { AuthContext } from '../../../plugins/auth';
import { decodeCursor } from '../../../plugins/pagination';
import { recordAndPublish } from '../../audit/audit.service';
import { findAgent } from '../../planning/agents.service';
import { findChannelRow } from '../channels/channels.repository';
import { radioErrors } from '../radio.errors';
import { toRadioDto } from '../radio.models';
import * as repo from './radios.repository';

export const requireRadioManager = (auth: AuthContext) => {
  if (auth.role === 'agent') throw radioErrors.readOnly();
};

/** Gateway keys and the recordings' retention are the administrators'. */
export const requireRadioAdmin = (auth: AuthContext) => {
  if (auth.role !== 'admin') throw radioErrors.adminOnly();
};

function uniqueConflict(err: unknown): never {
  if (isUniqueViolation(err, 'radios_company_imei_key')) throw radioErrors.imeiTaken();
  throw err;
}

async function changed(
  tx: Tx,
  auth: AuthContext,
  id: string,
  action: AuditAction,
  details: Record<string, unknown>,
) {
  await recordAndPublish(
    tx,
    auth,
    { action, entity: 'radio', entityId: id, details },
    { type: 'radio.changed', payload: { kind: 'radio', id, change: action } },
  );
}

export async function loadRadio(tx: Tx, companyId: string, id: string) {
  const row = await repo.findRadio(tx, companyId, id);
  if (!row) throw radioErrors.radioNotFound();
  return toRadioDto(row);
}

export async function listRadios(db: Database, auth: AuthContext, q: z.output<typeof listRadiosQuery>) {
  const after = decodeCursor(q.cursor, ['string', 'uuid']) as [string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const { rows, total } = await repo.listRadiosPage(
      tx,
      auth.companyId,
      { status: q.status },
      { limit: q.limit, after },
    );
    const now = Date.now();
    return { rows: rows.map((r) => toRadioDto(r, now)), total };
  });
}

export async function getRadio(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, (tx) => loadRadio(tx, auth.companyId, id));
}

async function checkAgent(tx: Tx, companyId: string, agentId: string | null | undefined) {
  if (agentId && !(await findAgent(tx, companyId, agentId))) throw radioErrors.agentNotFound();
}

export async function createRadio(db: Database, auth: AuthContext, input: z.output<typeof createRadioBody>) {
  requireRadioManager(auth);
  return db
    .withTenant(auth.companyId, async (tx) => {
      await checkAgent(tx, auth.companyId, input.agentId);
      const id = await repo.insertRadio(tx, {
        companyId: auth.companyId,
        imei: input.radioId,
        serialNumber: input.serialNumber,
        agentId: input.agentId,
        // A radio given to an agent is 'assigned' unless told otherwise.
        status: input.status ?? (input.agentId ? 'assigned' : 'active'),
      });
      await changed(tx, auth, id, 'radio.created', { imei: input.radioId, agentId: input.agentId });
      return loadRadio(tx, auth.companyId, id);
    })
    .catch(uniqueConflict);
}

export async function updateRadio(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updateRadioBody>,
) {
  requireRadioManager(auth);
  return db
    .withTenant(auth.companyId, async (tx) => {
      const current = await repo.findRadio(tx, auth.companyId, id);
      if (!current) throw radioErrors.radioNotFound();
      await checkAgent(tx, auth.companyId, input.agentId);
      if (input.currentChannelId && !(await findChannelRow(tx, auth.companyId, input.currentChannelId)))
        throw radioErrors.channelNotFound();
      const values: Partial<repo.NewRadio> = {};
      if (input.radioId !== undefined) values.imei = input.radioId;
      if (input.serialNumber !== undefined) values.serialNumber = input.serialNumber;
      if (input.agentId !== undefined) values.agentId = input.agentId;
      if (input.currentChannelId !== undefined) values.currentChannelId = input.currentChannelId;
      if (input.status !== undefined) values.status = input.status;
      else if (input.agentId !== undefined && current.status !== 'inactive')
        values.status = input.agentId ? 'assigned' : 'active';
      await repo.updateRadio(tx, auth.companyId, id, values);
      // The IMEI (as it is now) names the radio in the journal's « Objet ».
      await changed(tx, auth, id, 'radio.updated', {
        imei: values.imei ?? current.imei,
        fields: Object.keys(values),
      });
      return loadRadio(tx, auth.companyId, id);
    })
    .catch(uniqueConflict);
}

export async function deleteRadio(db: Database, auth: AuthContext, id: string) {
  requireRadioManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const gone = await repo.deleteRadio(tx, auth.companyId, id);
    if (!gone) throw radioErrors.radioNotFound();
    await changed(tx, auth, id, 'radio.deleted', { imei: gone.imei });
  });
}
