import { z } from 'zod';
import { passwordSchema, userSchema } from './auth.contract';
import {
  defineEndpoint,
  emailSchema,
  hasNoNul,
  idParams,
  listQuery,
  noContent,
  nulMessage,
  optionalText,
  phoneSchema,
  requiredText,
} from './common';
import { languages, timezones, type UserRole, userRoles } from './enums';

const roleSchema = z.enum(userRoles, { error: 'Rôle invalide (admin, operator ou agent)' });

export const adminPasswordRequired = 'Saisissez votre mot de passe pour confirmer ce changement';

/** The acting administrator's own password, where a change needs it (the web's confirmations). */
export const adminPasswordSchema = z
  .string({ error: adminPasswordRequired })
  .min(1, { error: adminPasswordRequired })
  .max(128, { error: 'Le mot de passe ne doit pas dépasser 128 caractères' });

/** Roles by rights: a change to a lower one ends the user's sessions and asks the admin's password. */
const roleRank = { agent: 0, operator: 1, admin: 2 } as const;
export const lowersRole = (from: UserRole, to: UserRole) => roleRank[to] < roleRank[from];

export const createUserBody = z.object({
  name: requiredText('Le nom'),
  email: emailSchema,
  password: passwordSchema,
  phone: phoneSchema,
  role: roleSchema,
  city: optionalText('La ville', 100),
  timezone: z.enum(timezones, { error: 'Fuseau horaire invalide' }).default('Europe/Paris'),
  language: z.enum(languages, { error: 'Langue invalide' }).default('fr'),
});
export type CreateUserBody = z.input<typeof createUserBody>;

export const updateUserBody = z
  .object({
    name: requiredText('Le nom'),
    phone: phoneSchema,
    role: roleSchema,
    city: optionalText('La ville', 100),
    timezone: z.enum(timezones, { error: 'Fuseau horaire invalide' }),
    language: z.enum(languages, { error: 'Langue invalide' }),
    /** An administrator's reset of the user's password (never the owner's, who uses the profile). */
    password: passwordSchema,
    /**
     * The acting administrator's own password (issue 29, finding 7): required to reset a password
     * and to lower a role (the server checks the latter, which depends on the user's current role).
     */
    adminPassword: z.string().max(128, { error: 'Le mot de passe ne doit pas dépasser 128 caractères' }),
  })
  .partial()
  .strict()
  .refine((b) => b.password === undefined || (b.adminPassword ?? '') !== '', {
    error: adminPasswordRequired,
    path: ['adminPassword'],
  });
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** The users screen's « Réinitialiser le mot de passe »: the new one, confirmed by the admin's. */
export const resetUserPasswordForm = z.object({
  password: passwordSchema,
  adminPassword: adminPasswordSchema,
});
/** The users screen's confirmation of a lowered role. */
export const confirmWithAdminPasswordForm = z.object({ adminPassword: adminPasswordSchema });

export const listUsersQuery = listQuery.extend({
  search: z
    .string()
    .trim()
    .max(100, { error: 'La recherche ne doit pas dépasser 100 caractères' })
    .refine(hasNoNul, { error: nulMessage('La recherche') })
    .optional(),
  role: roleSchema.optional(),
});

export const listUsers = defineEndpoint({
  method: 'GET',
  path: '/api/users',
  summary: 'Utilisateurs de la société',
  tags: ['users'],
  auth: true,
  query: listUsersQuery,
  response: z.array(userSchema),
});

export const createUser = defineEndpoint({
  method: 'POST',
  path: '/api/users',
  summary: 'Ajouter un administrateur, un opérateur ou un agent',
  tags: ['users'],
  auth: true,
  status: 201,
  body: createUserBody,
  response: userSchema,
});

export const updateUser = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/:id',
  summary: 'Modifier un utilisateur',
  tags: ['users'],
  auth: true,
  params: idParams,
  body: updateUserBody,
  response: userSchema,
});

export const deleteUser = defineEndpoint({
  method: 'DELETE',
  path: '/api/users/:id',
  summary: 'Supprimer un utilisateur',
  tags: ['users'],
  auth: true,
  status: 204,
  params: idParams,
  response: noContent,
});
