// Settings contract, Identité: what the documents print (legal name, address, SIRET, CNAPS
// authorisation) and the company's logo.
import { z } from 'zod';
import { defineEndpoint, hasNoNul, noContent, nulMessage } from '../common';

// ---------------------------------------------------------------------------------------------
// Identité

/** SIRET: 14 digits whose Luhn sum is a multiple of 10 (La Poste's establishments: of 5). */
export function isValidSiret(siret: string): boolean {
  if (!/^\d{14}$/.test(siret)) return false;
  // La Poste (SIREN 356000000) numbers its establishments with a digit sum that is a multiple of 5.
  if (siret.startsWith('356000000') && siret !== '35600000000048') {
    return [...siret].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  }
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(siret[13 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The CNAPS authorisation of the company: AUT-<department>-<yyyy-mm-dd>-<11 digits>, the department
 * as 2 or 3 characters (075, 2A, 971).
 */
export const cnapsAuthorisationPattern =
  /^AUT-(\d{2,3}|0?2[AB])-\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{11}$/;

const optionalClearable = (label: string, max: number) =>
  z
    .string({ error: `${label} doit être un texte` })
    .trim()
    .max(max, { error: `${label} ne doit pas dépasser ${max} caractères` })
    .refine(hasNoNul, { error: nulMessage(label) })
    .nullish()
    // Absent: unchanged; empty or null: cleared.
    .transform((v) => (v === '' ? null : v));

export const identitySettingsSchema = z.object({
  /** Raison sociale; null = the company's name is printed. */
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  siret: z.string().nullable(),
  cnapsAuthorisation: z.string().nullable(),
  /** Where to fetch the logo (with the session), or null when there is none. */
  logo: z.string().nullable(),
});
export type IdentitySettings = z.infer<typeof identitySettingsSchema>;

export const updateIdentitySettingsBody = z.object({
  legalName: optionalClearable('La raison sociale', 200),
  address: optionalClearable("L'adresse", 500),
  siret: z
    .string({ error: 'Le SIRET doit être un texte' })
    .max(40, { error: 'SIRET invalide (14 chiffres)' })
    .transform((v) => v.replace(/[\s.]/g, ''))
    .pipe(
      z
        .string()
        .refine((v) => v === '' || /^\d{14}$/.test(v), { error: 'SIRET invalide (14 chiffres)' })
        .refine((v) => v === '' || !/^\d{14}$/.test(v) || isValidSiret(v), {
          error: 'SIRET invalide (clé de contrôle incorrecte)',
        }),
    )
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  cnapsAuthorisation: z
    .string({ error: "L'autorisation CNAPS doit être un texte" })
    .max(60, { error: 'Numéro d’autorisation CNAPS invalide (format AUT-075-2030-05-12-12345678901)' })
    .transform((v) => v.trim().toUpperCase())
    .pipe(
      z.string().refine((v) => v === '' || cnapsAuthorisationPattern.test(v), {
        error: 'Numéro d’autorisation CNAPS invalide (format AUT-075-2030-05-12-12345678901)',
      }),
    )
    .nullish()
    .transform((v) => (v === '' ? null : v)),
});

/** A logo up to 2 MB (PNG or JPEG), sent in base64. */
export const maxLogoBytes = 2 * 1024 * 1024;
export const logoBody = z.object({
  image: z
    .string({ error: "L'image est obligatoire" })
    .min(1, { error: "L'image est obligatoire" })
    // base64 of 2 MB, and room for a data: URL prefix.
    .max(Math.ceil(maxLogoBytes / 3) * 4 + 100, { error: 'Le logo ne doit pas dépasser 2 Mo' }),
});

// ---------------------------------------------------------------------------------------------
// Endpoints

const tags = ['settings'];

export const getIdentitySettings = defineEndpoint({
  method: 'GET',
  path: '/api/settings/identity',
  summary: 'Identité légale imprimée sur les documents (administrateurs)',
  tags,
  auth: true,
  response: identitySettingsSchema,
});
export const updateIdentitySettings = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/identity',
  summary: 'Modifier raison sociale, adresse, SIRET et autorisation CNAPS',
  tags,
  auth: true,
  body: updateIdentitySettingsBody,
  response: identitySettingsSchema,
});
export const getLogo = defineEndpoint({
  method: 'GET',
  path: '/api/settings/identity/logo',
  summary: 'Logo de la société (PNG ou JPEG)',
  tags,
  auth: true,
  response: z.any(),
});
export const putLogo = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/identity/logo',
  summary: 'Remplacer le logo (PNG ou JPEG, 2 Mo au plus)',
  tags,
  auth: true,
  body: logoBody,
  response: identitySettingsSchema,
});
export const deleteLogo = defineEndpoint({
  method: 'DELETE',
  path: '/api/settings/identity/logo',
  summary: 'Retirer le logo',
  tags,
  auth: true,
  status: 204,
  response: noContent,
});
