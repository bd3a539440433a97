import {
  type CreateUserBody,
  type createUserBody,
  type listUsersQuery,
  lowersRole,
  type UpdateUserBody,
  type updateUserBody,
} from '@vigie/contract/users.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { checkPasswordPolicy } from '../../lib/password-policy';
import type { AuthContext } from '../../plugins/auth';
import { decodeCursor } from '../../plugins/pagination';
import { recordAudit } from '../audit/audit.service';
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
  checkPasswordPolicy(input.password, ['body', 'admin', 'password']);
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
  checkPasswordPolicy(input.password, ['body', 'password']);
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
  const { password, adminPassword, ...fields } = input;
  if (password !== undefined) checkPasswordPolicy(password, ['body', 'password']);
  const passwordHash = password !== undefined ? await hashPassword(password) : undefined;
  return db.withTenant(auth.companyId, async (tx) => {
    const current = await repo.findUser(tx, auth.companyId, id);
    if (!current) throw userErrors.notFound();
    if (current.isOwner && input.role && input.role !== 'admin') throw userErrors.ownerProtected();
    // The owner's password is theirs alone: another administrator who could reset it could sign
    // in as the owner (issue 29, finding 7). The owner changes it from the profile.
    if (current.isOwner && password !== undefined && current.id !== auth.userId)
      throw userErrors.ownerPasswordProtected();
    const lowered = input.role !== undefined && lowersRole(current.role, input.role);
    // A reset or a lowered role is confirmed by the acting administrator's own password, so a
    // stolen or unattended session cannot take accounts over or lock the others out.
    if (password !== undefined || lowered) await checkAdminPassword(tx, auth, adminPassword);
    const row = await repo.updateUser(tx, auth.companyId, id, {
      ...fields,
      ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
    });
    if (!row) throw userErrors.notFound();
    // The sessions opened with the old password, or with the higher role, end now.
    const sessionsClosed =
      password !== undefined || lowered ? await repo.closeSessionsOf(tx, auth.companyId, id) : 0;
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'user.updated',
      entity: 'user',
      entityId: id,
      details: {
        fields: Object.keys(input).filter((k) => k !== 'adminPassword'),
        ...(lowered ? { roleFrom: current.role, roleTo: input.role } : {}),
        ...(sessionsClosed > 0 ? { sessionsClosed } : {}),
      },
    });
    return toUserDto(row);
  });
}

/** The acting administrator's own password, asked before a sensitive change to another account. */
async function checkAdminPassword(tx: Tx, auth: AuthContext, adminPassword: string | undefined) {
  if (!adminPassword) throw userErrors.adminPasswordMissing();
  const admin = await repo.findUser(tx, auth.companyId, auth.userId);
  if (!admin || !(await verifyPassword(admin.passwordHash, adminPassword)))
    throw userErrors.adminPasswordWrong();
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

/** For the auth module: the user's whole row (password hash and second factor included), or undefined. */
export async function findUserAccount(tx: Tx, companyId: string, id: string) {
  return repo.findUser(tx, companyId, id);
}

/** For the auth module (profile, password): updates the user's row; answers it, or undefined. */
export async function updateUserAccount(
  tx: Tx,
  companyId: string,
  id: string,
  values: Partial<repo.NewUser>,
) {
  return repo.updateUser(tx, companyId, id, values);
}
