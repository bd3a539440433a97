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
import { languages, timezones, userRoles } from './enums';

const roleSchema = z.enum(userRoles, { error: 'Rôle invalide (admin, operator ou agent)' });

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
    password: passwordSchema,
  })
  .partial()
  .strict();
export type UpdateUserBody = z.input<typeof updateUserBody>;

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
