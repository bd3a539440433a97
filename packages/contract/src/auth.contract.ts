import { z } from 'zod';
import {
  defineEndpoint,
  emailSchema,
  idSchema,
  noContent,
  optionalText,
  phoneSchema,
  requiredText,
  timestampSchema,
} from './common';
import { languages, subscriptionPlans, timezones, userRoles } from './enums';

export const PASSWORD_MIN = 6;
export const passwordTooShort = 'Le mot de passe doit contenir au moins 6 caractères';
export const passwordsDoNotMatch = 'Les mots de passe ne correspondent pas';

export const passwordSchema = z
  .string({ error: 'Le mot de passe est obligatoire' })
  .min(1, { error: 'Le mot de passe est obligatoire' })
  .min(PASSWORD_MIN, { error: passwordTooShort })
  .max(128, { error: 'Le mot de passe ne doit pas dépasser 128 caractères' });

export const userSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(userRoles),
  isOwner: z.boolean(),
  city: z.string().nullable(),
  timezone: z.string(),
  language: z.string(),
  createdAt: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

export const companySchema = z.object({
  id: idSchema,
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  subscription: z.enum(subscriptionPlans),
  createdAt: timestampSchema,
});
export type Company = z.infer<typeof companySchema>;

/** Company part of the registration form (spec section 5: name and email required). */
export const companyInput = z.object({
  name: requiredText('Le nom de la société'),
  email: emailSchema,
  phone: phoneSchema,
  address: optionalText("L'adresse", 300),
  subscription: z
    .enum(subscriptionPlans, { error: 'Abonnement invalide (basic, pro ou enterprise)' })
    .default('basic'),
});

export const adminInput = z.object({
  name: requiredText("Le nom de l'administrateur"),
  email: emailSchema,
  password: passwordSchema,
  confirmPassword: z.string().max(128).optional(),
  phone: phoneSchema,
});

/** The registration page's two-object form. */
export const registerBody = z
  .object({ company: companyInput, admin: adminInput })
  .refine((b) => b.admin.confirmPassword === undefined || b.admin.confirmPassword === b.admin.password, {
    error: passwordsDoNotMatch,
    path: ['admin', 'confirmPassword'],
  });
export type RegisterBody = z.input<typeof registerBody>;

/** The specification's other form: the company in the body, the administrator in the query. */
export const registerLegacyQuery = z.object({
  user_name: requiredText("Le nom de l'administrateur"),
  user_email: emailSchema,
  user_password: passwordSchema,
  user_phone: phoneSchema,
});

export const registerResponse = z.object({ user: userSchema, company: companySchema });

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/auth/register',
  summary: 'Inscrire une société et son administrateur principal',
  tags: ['auth'],
  auth: false,
  status: 201,
  body: z.union([registerBody, companyInput]),
  query: registerLegacyQuery.partial(),
  response: registerResponse,
});

export const loginBody = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Le mot de passe est obligatoire' })
    .min(1, { error: 'Le mot de passe est obligatoire' })
    .max(128),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_at: timestampSchema,
  user: userSchema,
  company: companySchema,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Ouvrir une session',
  tags: ['auth'],
  auth: false,
  body: loginBody,
  response: loginResponse,
});

export const meResponse = z.object({ user: userSchema, company: companySchema });
export type MeResponse = z.infer<typeof meResponse>;

export const me = defineEndpoint({
  method: 'GET',
  path: '/api/auth/me',
  summary: "Profil de l'utilisateur connecté",
  tags: ['auth'],
  auth: true,
  response: meResponse,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Fermer la session (le jeton est révoqué)',
  tags: ['auth'],
  auth: true,
  status: 204,
  response: noContent,
});

export { languages, timezones };
