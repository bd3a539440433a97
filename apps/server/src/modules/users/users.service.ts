import type {
  CreateUserBody,
  createUserBody,
  listUsersQuery,
  UpdateUserBody,
  updateUserBody,
} from '@vigie/contract/users.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAudit } from '../audit/audit.service';
import { hashPassword } from '../auth/password';
import { userErrors } from './users.errors';
import { toUserDto } from './users.models';
import * as repo from './users.repository';

export type { CreateUserBody, UpdateUserBody };

const requireAdmin = (auth: AuthContext) => {
  if (auth.role !== 'admin') throw userErrors.adminOnly();
};

export async function listUsers(db: Database, auth: AuthContext, q: z.output<typeof listUsersQuery>) {
  requireAdmin(auth);
  const after = decodeCursor(q.cursor, ['string', 'uuid']) as [string, string] | undefined;
  const filter = { search: q.search, role: q.role };
  const { rows, total } = await repo.listUsersPage(db, auth.companyId, filter, { limit: q.limit, after });
  return { rows: rows.map(toUserDto), total };
}

/** Inserts a user, turning the platform-wide e-mail uniqueness into a 409. */
async function insertUserChecked(tx: Tx, values: repo.NewUser) {
  try {
    // A savepoint keeps the outer transaction usable if the insert fails.
    return await tx.transaction((sp) => repo.insertUser(sp as Tx, values));
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw userErrors.emailTaken();
    throw err;
  }
}

/** The registrant: created inside the registration transaction. */
export async function createOwner(
  tx: Tx,
  companyId: string,
  input: { name: string; email: string; password: string; phone?: string | undefined },
) {
  const row = await insertUserChecked(tx, {
    companyId,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    passwordHash: await hashPassword(input.password),
    role: 'admin',
    isOwner: true,
  });
  return toUserDto(row);
}

export async function createUser(db: Database, auth: AuthContext, input: z.output<typeof createUserBody>) {
  requireAdmin(auth);
  const passwordHash = await hashPassword(input.password);
  return db.withTenant(auth.companyId, async (tx) => {
    const row = await insertUserChecked(tx, {
      companyId: auth.companyId,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      passwordHash,
      role: input.role,
      isOwner: false,
      city: input.city ?? null,
      timezone: input.timezone,
      language: input.language,
    });
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'user.created',
      entity: 'user',
      entityId: row.id,
      details: { email: row.email, role: row.role },
    });
    return toUserDto(row);
  });
}

export async function updateUser(
  db: Database,
  auth: AuthContext,
  id: string,
  input: z.output<typeof updateUserBody>,
) {
  requireAdmin(auth);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findUser(tx, auth.companyId, id);
    if (!current) throw userErrors.notFound();
    if (current.isOwner && input.role && input.role !== 'admin') throw userErrors.ownerProtected();
    const { password: _password, ...fields } = input;
    const row = await repo.updateUser(tx, auth.companyId, id, {
      ...fields,
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (!row) throw userErrors.notFound();
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'user.updated',
      entity: 'user',
      entityId: id,
      details: { fields: Object.keys(input) },
    });
    return toUserDto(row);
  });
}

export async function deleteUser(db: Database, auth: AuthContext, id: string) {
  requireAdmin(auth);
  await db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findUser(tx, auth.companyId, id);
    if (!current) throw userErrors.notFound();
    if (current.isOwner) throw userErrors.ownerProtected();
    if (current.id === auth.userId) throw userErrors.cannotDeleteSelf();
    await repo.deleteUser(tx, auth.companyId, id);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'user.deleted',
      entity: 'user',
      entityId: id,
      details: { email: current.email },
    });
  });
}

/** For alerts (alarm escalation): the administrators and operators who must be told. */
export async function alertRecipients(tx: Tx, companyId: string) {
  return repo.contactsByRoles(tx, companyId, ['admin', 'operator']);
}

/** For in-app notifications: ids of the company's users of these roles. */
export async function userIdsByRoles(tx: Tx, companyId: string, roles: ('admin' | 'operator' | 'agent')[]) {
  return repo.idsByRoles(tx, companyId, roles);
}

/** For the planning module (an agent's linked account): the user's role, or undefined. */
export async function findCompanyUser(tx: Tx, companyId: string, id: string) {
  const row = await repo.findUser(tx, companyId, id);
  return row ? { id: row.id, name: row.name, role: row.role } : undefined;
}
