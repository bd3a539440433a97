// Radio channels (site, emergency, general, team) with a priority (0 Normal, 1 Haute, 2 Urgence)
// and their members: agents and radios.

import type { AuditAction } from '@vigie/contract/audit-labels';
import type { listQuery } from '@vigie/contract/common';
import type {
  Channel,
  channelMembersBody,
  createChannelBody,
  updateChannelBody,
} from '@vigie/contract/radio.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import type { AuthContext } from '../../../plugins/auth';
import { decodeCursor } from '../../../plugins/pagination';
import { recordAndPublish } from '../../audit/audit.service';
import { radioErrors } from '../radio.errors';
import { existingRadioIds } from '../radios/radios.repository';
import { requireRadioManager } from '../radios/radios.service';
import * as repo from './channels.repository';

function toChannelDto(row: repo.ChannelRow, members: repo.MemberRow[]): Channel {
  const mine = members.filter((m) => m.channel_id === row.id);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    priority: row.priority,
    activeMembers: mine.filter((m) => m.active).length,
    memberCount: mine.length,
    members: mine.map((m) => ({ kind: m.kind, id: m.id, name: m.name, active: m.active })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function uniqueConflict(err: unknown): never {
  if (isUniqueViolation(err, 'radio_channels_company_name_key')) throw radioErrors.channelNameTaken();
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
    { action, entity: 'radio_channel', entityId: id, details },
    { type: 'radio.changed', payload: { kind: 'channel', id, change: action } },
  );
}

export async function loadChannel(tx: Tx, companyId: string, id: string) {
  const row = await repo.findChannelRow(tx, companyId, id);
  if (!row) throw radioErrors.channelNotFound();
  return toChannelDto(row, await repo.membersOf(tx, companyId, [id], new Date()));
}

export async function listChannels(db: Database, auth: AuthContext, q: z.output<typeof listQuery>) {
  const after = decodeCursor(q.cursor, ['number', 'string', 'uuid']) as [number, string, string] | undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const { rows, total } = await repo.listChannelRows(tx, auth.companyId, { limit: q.limit, after });
    const members = await repo.membersOf(
      tx,
      auth.companyId,
      rows.map((r) => r.id),
      new Date(),
    );
    return { rows: rows.map((r) => toChannelDto(r, members)), total };
  });
}

export async function getChannel(db: Database, auth: AuthContext, id: string) {
  return db.withTenant(auth.companyId, (tx) => loadChannel(tx, auth.companyId, id));
}

/** Checks that every member belongs to the company (an id of another company is "not found"). */
async function checkMembers(tx: Tx, companyId: string, m: { agentIds: string[]; radioIds: string[] }) {
  if ((await repo.existingAgentIds(tx, companyId, m.agentIds)).length !== m.agentIds.length)
    throw radioErrors.unknownMembers('agentIds');
  if ((await existingRadioIds(tx, companyId, m.radioIds)).length !== m.radioIds.length)
    throw radioErrors.unknownMembers('radioIds');
}

export async function createChannel(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof createChannelBody>,
) {
  requireRadioManager(auth);
  return db
    .withTenant(auth.companyId, async (tx) => {
      const members = { agentIds: input.agentIds ?? [], radioIds: input.radioIds ?? [] };
      await checkMembers(tx, auth.companyId, members);
      const id = await repo.insertChannel(tx, {
        companyId: auth.companyId,
        name: input.name,
        type: input.type,
        description: input.description,
        priority: input.priority,
      });
      await repo.replaceMembers(tx, auth.companyId, id, members);
      await changed(tx, auth, id, 'radio_channel.created', { name: input.name, type: input.type });
      return loadChannel(tx, auth.companyId, id);
    })
    .catch(uniqueConflict);
}

export async function updateChannel(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updateChannelBody>,
) {
  requireRadioManager(auth);
  return db
    .withTenant(auth.companyId, async (tx) => {
      if (!(await repo.findChannelRow(tx, auth.companyId, id))) throw radioErrors.channelNotFound();
      const values: Partial<repo.NewChannel> = {};
      if (input.name !== undefined) values.name = input.name;
      if (input.type !== undefined) values.type = input.type;
      if (input.description !== undefined) values.description = input.description;
      if (input.priority !== undefined) values.priority = input.priority;
      await repo.updateChannel(tx, auth.companyId, id, values);
      await changed(tx, auth, id, 'radio_channel.updated', { fields: Object.keys(values) });
      return loadChannel(tx, auth.companyId, id);
    })
    .catch(uniqueConflict);
}

export async function deleteChannel(db: Database, auth: AuthContext, id: string) {
  requireRadioManager(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const gone = await repo.deleteChannel(tx, auth.companyId, id);
    if (!gone) throw radioErrors.channelNotFound();
    await changed(tx, auth, id, 'radio_channel.deleted', { name: gone.name });
  });
}

export async function listMembers(db: Database, auth: AuthContext, id: string) {
  return (await getChannel(db, auth, id)).members;
}

export async function setMembers(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof channelMembersBody>,
) {
  requireRadioManager(auth);
  return db.withTenant(auth.companyId, async (tx) => {
    if (!(await repo.findChannelRow(tx, auth.companyId, id))) throw radioErrors.channelNotFound();
    await checkMembers(tx, auth.companyId, input);
    await repo.replaceMembers(tx, auth.companyId, id, input);
    await changed(tx, auth, id, 'radio_channel.members_changed', {
      agents: input.agentIds.length,
      radios: input.radioIds.length,
    });
    return loadChannel(tx, auth.companyId, id);
  });
}
