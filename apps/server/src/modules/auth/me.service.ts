// The signed-in user's profile and password (Paramètres · Profil utilisateur).
import type { changePasswordBody, Profile, updateProfileBody } from '@vigie/contract/me.contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { checkNewPassword } from '../../lib/password-policy';
import type { AuthContext } from '../../plugins/auth';
import { conflict, invalid } from '../../plugins/errors';
import { recordAudit } from '../audit/audit.service';
import { findCompany } from '../companies/companies.service';
import { toUserDto } from '../users/users.models';
import { findUserAccount, updateUserAccount } from '../users/users.service';
import { closeOtherSessions } from './sessions.service';

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserAccount>>>;

async function loadUser(tx: Tx, auth: AuthContext) {
  const user = await findUserAccount(tx, auth.companyId, auth.userId);
  if (!user) throw new Error('signed-in user not found');
  return user;
}

async function toProfile(tx: Tx, user: UserRow): Promise<Profile> {
  const company = await findCompany(tx, user.companyId);
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    company: company?.name ?? '',
    language: user.language as Profile['language'],
    timezone: user.timezone as Profile['timezone'],
  };
}

export async function getProfile(db: Database, auth: AuthContext) {
  return db.withTenant(auth.companyId, async (tx) => toProfile(tx, await loadUser(tx, auth)));
}

const wrongCurrent = (field: string) =>
  invalid(['body', field], 'Le mot de passe actuel est incorrect', 'auth.current_password');

export async function updateProfile(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof updateProfileBody>,
) {
  return db
    .withTenant(auth.companyId, async (tx) => {
      const user = await loadUser(tx, auth);
      const emailChanges = input.email !== undefined && input.email !== user.email;
      if (emailChanges) {
        // The e-mail signs the user in: changing it takes the current password.
        if (!input.currentPassword)
          throw invalid(
            ['body', 'currentPassword'],
            "Saisissez votre mot de passe actuel pour changer d'e-mail",
            'auth.current_password',
          );
        if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
          throw wrongCurrent('currentPassword');
      }
      const values: Parameters<typeof updateUserAccount>[3] = {};
      if (input.name !== undefined) values.name = input.name;
      if (emailChanges) values.email = input.email;
      if (input.phone !== undefined) values.phone = input.phone ?? null;
      if (input.language !== undefined) values.language = input.language;
      if (input.timezone !== undefined) values.timezone = input.timezone;
      const updated =
        Object.keys(values).length > 0
          ? await updateUserAccount(tx, auth.companyId, auth.userId, values)
          : user;
      await recordAudit(tx, {
        companyId: auth.companyId,
        actorUserId: auth.userId,
        action: 'user.profile_updated',
        entity: 'user',
        entityId: auth.userId,
        details: { fields: Object.keys(values) },
      });
      return toProfile(tx, updated ?? user);
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'users_email_key'))
        throw conflict('users.email_taken', 'Cette adresse e-mail est déjà utilisée');
      throw err;
    });
}

export async function changePassword(
  db: Database,
  auth: AuthContext,
  input: z.output<typeof changePasswordBody>,
) {
  checkNewPassword(input.newPassword);
  return db.withTenant(auth.companyId, async (tx) => {
    const user = await loadUser(tx, auth);
    // The specification's prototype did not check it; Vigie does.
    if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw wrongCurrent('currentPassword');
    const updated = await updateUserAccount(tx, auth.companyId, auth.userId, {
      passwordHash: await hashPassword(input.newPassword),
      passwordChangedAt: new Date(),
    });
    const closed = await closeOtherSessions(tx, auth.companyId, auth.userId, auth.sessionId);
    await recordAudit(tx, {
      companyId: auth.companyId,
      actorUserId: auth.userId,
      action: 'auth.password_changed',
      entity: 'user',
      entityId: auth.userId,
      details: { sessionsClosed: closed },
    });
    return { user: toUserDto(updated ?? user), sessionsClosed: closed };
  });
}
