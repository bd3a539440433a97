// The signed-in user's own settings: profile, password and two-factor sign-in (Paramètres ·
// Profil utilisateur and Sécurité). Company-wide settings are in settings.contract.
import { z } from 'zod';
import { PASSWORD_MIN, passwordsDoNotMatch, userSchema } from './auth.contract';
import { defineEndpoint, emailSchema, phoneSchema, requiredText } from './common';
import { languages, timezones } from './enums';

const tags = ['me'];

/** Issue 14, then issue 29: the one policy (auth.contract's PASSWORD_MIN, and not a common password). */
export const NEW_PASSWORD_MIN = PASSWORD_MIN;

export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** Spec: the company shown on the profile (read-only). */
  company: z.string(),
  language: z.enum(languages),
  timezone: z.enum(timezones),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileBody = z.object({
  name: requiredText('Le nom', 120).optional(),
  email: emailSchema.optional(),
  phone: phoneSchema.or(z.null()),
  language: z.enum(languages, { error: 'Langue invalide (fr, en ou es)' }).optional(),
  timezone: z.enum(timezones, { error: 'Fuseau horaire invalide' }).optional(),
  /** Required to change the e-mail (it signs the user in). */
  currentPassword: z.string().max(128).optional(),
});

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/api/me/profile',
  summary: 'Mon profil',
  tags,
  auth: true,
  response: profileSchema,
});
export const updateProfile = defineEndpoint({
  method: 'PATCH',
  path: '/api/me/profile',
  summary: "Modifier mon profil (changer d'e-mail demande le mot de passe actuel)",
  tags,
  auth: true,
  body: updateProfileBody,
  response: profileSchema,
});

export const changePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: 'Le mot de passe actuel est obligatoire' })
      .min(1, { error: 'Le mot de passe actuel est obligatoire' })
      .max(128),
    newPassword: z
      .string({ error: 'Le nouveau mot de passe est obligatoire' })
      .min(NEW_PASSWORD_MIN, {
        error: `Le nouveau mot de passe doit contenir au moins ${NEW_PASSWORD_MIN} caractères`,
      })
      .max(128, { error: 'Le mot de passe ne doit pas dépasser 128 caractères' }),
    confirmPassword: z.string({ error: 'Confirmez le nouveau mot de passe' }).max(128),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    // The specification's text, with its final period.
    error: `${passwordsDoNotMatch}.`,
    path: ['confirmPassword'],
  })
  .refine((b) => b.newPassword !== b.currentPassword, {
    error: "Le nouveau mot de passe doit être différent de l'actuel",
    path: ['newPassword'],
  });

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/me/password',
  summary: 'Changer mon mot de passe (mes autres sessions sont fermées)',
  tags,
  auth: true,
  body: changePasswordBody,
  response: z.object({ user: userSchema, sessionsClosed: z.number().int() }),
});

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The company requires it (Paramètres · Sécurité). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the authenticator app's QR scanner. */
  otpauthUri: z.string(),
  /** The same URI as an SVG QR code. */
  qrSvg: z.string(),
});
const codeSchema = z
  .string({ error: 'Le code est obligatoire' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Le code doit compter 6 chiffres' });

export const getTwoFactor = defineEndpoint({
  method: 'GET',
  path: '/api/me/2fa',
  summary: 'État de ma double authentification',
  tags,
  auth: true,
  response: twoFactorStatusSchema,
});
export const startTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/me/2fa/setup',
  summary: "Commencer l'activation : secret et QR code pour l'application d'authentification",
  tags,
  auth: true,
  response: twoFactorSetupSchema,
});
export const enableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/me/2fa/enable',
  summary: 'Activer avec un premier code : 10 codes de secours, affichés une seule fois',
  tags,
  auth: true,
  body: z.object({ code: codeSchema }),
  response: z.object({ recoveryCodes: z.array(z.string()) }),
});
export const disableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/me/2fa/disable',
  summary: 'Désactiver (un code ou un code de secours est demandé)',
  tags,
  auth: true,
  body: z
    .object({
      code: codeSchema.optional(),
      recoveryCode: z.string().trim().max(40).optional(),
    })
    .refine((b) => b.code !== undefined || b.recoveryCode !== undefined, {
      error: 'Saisissez le code à 6 chiffres ou un code de secours',
      path: ['code'],
    }),
  response: twoFactorStatusSchema,
});
