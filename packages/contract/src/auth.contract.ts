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

/**
 * The one password policy (issue 29, finding 8), on every path that sets a password: registration,
 * user creation, an administrator's reset, the profile's change, the demo's accounts. The length is
 * checked here (the web forms validate the same way); the server also refuses the most common
 * passwords (apps/server/src/modules/auth/password-policy.ts, a list kept out of the web bundle).
 */
export const PASSWORD_MIN = 8;
export const passwordTooShort = `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`;
export const passwordsDoNotMatch = 'Les mots de passe ne correspondent pas';
/** The hint shown under a new-password field. */
export const passwordHint = `Au moins ${PASSWORD_MIN} caractères ; évitez les mots de passe courants.`;

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

/** Company part of the registration form (name and email required). */
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

/**
 * What a session may do until its user acts: change an expired password, or enrol two-factor
 * sign-in that the company requires. Until then every other call answers 403 with this reason.
 */
export const sessionRestrictions = ['password_expired', 'two_factor_setup'] as const;
export type SessionRestriction = (typeof sessionRestrictions)[number];

export const loginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_at: timestampSchema,
  user: userSchema,
  company: companySchema,
  restriction: z.enum(sessionRestrictions).nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** The password was right and the user has two-factor sign-in: the code comes next. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Signed, bound to the user, valid 5 minutes: sent back with the code. */
  challenge: z.string(),
  expires_at: timestampSchema,
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Ouvrir une session (ou demander le code de double authentification)',
  tags: ['auth'],
  auth: false,
  body: loginBody,
  response: z.union([loginResponse, twoFactorChallengeSchema]),
});

export const loginSecondStepBody = z
  .object({
    challenge: z.string({ error: 'La demande de connexion est obligatoire' }).min(1).max(600),
    /** The 6 digits of the authenticator app… */
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: 'Le code doit compter 6 chiffres' })
      .optional(),
    /** …or one of the recovery codes. */
    recoveryCode: z.string().trim().max(40, { error: 'Code de secours invalide' }).optional(),
  })
  .refine((b) => b.code !== undefined || b.recoveryCode !== undefined, {
    error: 'Saisissez le code à 6 chiffres ou un code de secours',
    path: ['code'],
  });

export const loginSecondStep = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login/2fa',
  summary: 'Terminer la connexion avec le code de double authentification',
  tags: ['auth'],
  auth: false,
  body: loginSecondStepBody,
  response: loginResponse,
});

export const meResponse = z.object({
  user: userSchema,
  company: companySchema,
  restriction: z.enum(sessionRestrictions).nullable(),
  /** Paramètres · Sécurité: sign the browser out after this idle time (null: auto-logout off). */
  autoLogoutMinutes: z.number().int().nullable(),
});
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
