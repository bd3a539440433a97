// Alarm panels speaking SIA DC-09 to the receiver (issue 32): administrators and operators. A panel
// belongs to a site; the pair (the company's line prefix, the panel's account) finds it when a frame
// arrives. Its AES key is written, never read back: the answers say only whether it has one.
import { z } from 'zod';
import {
  defineEndpoint,
  idParams,
  idSchema,
  listQuery,
  noContent,
  requiredText,
  timestampSchema,
} from './common';

export const panelLinkStates = ['unknown', 'ok', 'lost'] as const;
export type PanelLinkState = (typeof panelLinkStates)[number];
export const panelLinkStateLabels: Record<PanelLinkState, string> = {
  unknown: 'Jamais entendue',
  ok: 'En liaison',
  lost: 'Perte de liaison',
};

const zoneSchema = z.object({
  number: z.coerce
    .number({ error: 'Numéro de zone invalide' })
    .int({ error: 'Numéro de zone invalide' })
    .min(1, { error: 'Le numéro de zone va de 1 à 9999' })
    .max(9999, { error: 'Le numéro de zone va de 1 à 9999' }),
  name: requiredText('Le nom de la zone', 100),
});
export type PanelZone = z.infer<typeof zoneSchema>;

const zonesSchema = z
  .array(zoneSchema, { error: 'Liste de zones invalide' })
  .max(512, { error: 'Une centrale a au plus 512 zones nommées' })
  .refine((zones) => new Set(zones.map((z) => z.number)).size === zones.length, {
    error: 'Deux zones portent le même numéro',
  });

/** As programmed in the panel: 3 to 16 hexadecimal characters (stored in upper case). */
const accountSchema = z
  .string({ error: 'Le numéro de compte est obligatoire' })
  .trim()
  .regex(/^[0-9A-Fa-f]{3,16}$/, { error: 'Numéro de compte invalide (3 à 16 caractères hexadécimaux)' })
  .transform((v) => v.toUpperCase());

/**
 * An AES key as installers' tools print it: 32, 48 or 64 hexadecimal characters (128, 192, 256
 * bits) or 16, 24 or 32 printable ASCII characters. A 32-character key of hexadecimal digits only is
 * read as hexadecimal (128 bits).
 */
export const aesKeySchema = z
  .string()
  .refine(
    (v) =>
      /^([0-9A-Fa-f]{32}|[0-9A-Fa-f]{48}|[0-9A-Fa-f]{64})$/.test(v) ||
      /^[\x20-\x7e]{16}$|^[\x20-\x7e]{24}$|^[\x20-\x7e]{32}$/.test(v),
    {
      error: 'Clé AES invalide : 32, 48 ou 64 caractères hexadécimaux, ou 16, 24 ou 32 caractères ASCII',
    },
  );

const supervisionSchema = z
  .number({ error: 'Intervalle de supervision invalide' })
  .int({ error: 'Intervalle de supervision invalide' })
  .min(1, { error: "L'intervalle de supervision va de 1 minute à 7 jours" })
  .max(10_080, { error: "L'intervalle de supervision va de 1 minute à 7 jours" });

export const panelSchema = z.object({
  id: idSchema,
  siteId: idSchema,
  siteName: z.string(),
  name: z.string(),
  account: z.string(),
  /** The key itself is never answered. */
  hasAesKey: z.boolean(),
  supervisionMinutes: z.number().int().nullable(),
  zones: z.array(z.object({ number: z.number().int(), name: z.string() })),
  /** Test mode until then (signals journaled, no alarm, no notification); null = not in test. */
  testUntil: timestampSchema.nullable(),
  inTest: z.boolean(),
  lastSignalAt: timestampSchema.nullable(),
  linkState: z.enum(panelLinkStates),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PanelDto = z.infer<typeof panelSchema>;

export const createPanelBody = z.object({
  siteId: idSchema,
  name: requiredText('Le nom de la centrale', 100),
  account: accountSchema,
  aesKey: aesKeySchema.nullish(),
  supervisionMinutes: supervisionSchema.nullish(),
  zones: zonesSchema.default([]),
  testUntil: z.iso.datetime({ offset: true, error: 'Date de fin de test invalide (ISO 8601)' }).nullish(),
});
export type CreatePanelBody = z.input<typeof createPanelBody>;

/** Absent fields are kept; `aesKey: null` removes the key, `testUntil: null` ends the test mode. */
export const updatePanelBody = z
  .object({
    siteId: idSchema,
    name: requiredText('Le nom de la centrale', 100),
    account: accountSchema,
    aesKey: aesKeySchema.nullable(),
    supervisionMinutes: supervisionSchema.nullable(),
    zones: zonesSchema,
    testUntil: z.iso.datetime({ offset: true, error: 'Date de fin de test invalide (ISO 8601)' }).nullable(),
  })
  .partial();
export type UpdatePanelBody = z.input<typeof updatePanelBody>;

export const listPanelsQuery = listQuery.extend({
  siteId: idSchema.optional(),
});

export const listPanels = defineEndpoint({
  method: 'GET',
  path: '/api/panels',
  summary: "Centrales d'alarme de la société, avec leur dernier signal et l'état de leur liaison",
  tags: ['panels'],
  auth: true,
  query: listPanelsQuery,
  response: z.array(panelSchema),
});

export const getPanel = defineEndpoint({
  method: 'GET',
  path: '/api/panels/:id',
  summary: "Détail d'une centrale d'alarme",
  tags: ['panels'],
  auth: true,
  params: idParams,
  response: panelSchema,
});

export const createPanel = defineEndpoint({
  method: 'POST',
  path: '/api/panels',
  summary: "Ajouter une centrale d'alarme (compte, clé AES, supervision, zones)",
  tags: ['panels'],
  auth: true,
  status: 201,
  body: createPanelBody,
  response: panelSchema,
});

export const updatePanel = defineEndpoint({
  method: 'PATCH',
  path: '/api/panels/:id',
  summary: "Modifier une centrale d'alarme (dont le mode test)",
  tags: ['panels'],
  auth: true,
  params: idParams,
  body: updatePanelBody,
  response: panelSchema,
});

export const deletePanel = defineEndpoint({
  method: 'DELETE',
  path: '/api/panels/:id',
  summary: "Supprimer une centrale d'alarme et son journal",
  tags: ['panels'],
  auth: true,
  status: 204,
  params: idParams,
  response: noContent,
});

/** A whole site in test (a technician at work there): `testUntil: null` ends it. */
export const sitePanelsTestBody = z.object({
  testUntil: z.iso.datetime({ offset: true, error: 'Date de fin de test invalide (ISO 8601)' }).nullable(),
});
export type SitePanelsTestBody = z.input<typeof sitePanelsTestBody>;

export const sitePanelsTestSchema = z.object({
  siteId: z.string(),
  testUntil: timestampSchema.nullable(),
  /** The site's panels now in test (or out of it). */
  panels: z.number().int(),
});
export type SitePanelsTestDto = z.infer<typeof sitePanelsTestSchema>;

export const setSitePanelsTest = defineEndpoint({
  method: 'PUT',
  path: '/api/panels/sites/:id/test',
  summary: "Mettre en test toutes les centrales d'un site jusqu'à une heure donnée, ou les sortir du test",
  tags: ['panels'],
  auth: true,
  params: idParams,
  body: sitePanelsTestBody,
  response: sitePanelsTestSchema,
});

/** Where installers point the panels: the company's line prefix and the receiver's address. */
export const panelReceiverSchema = z.object({
  prefix: z.string(),
  host: z.string(),
  /** null when the receiver is turned off (ALARM_RECEIVER_PORT=off). */
  port: z.number().int().nullable(),
  state: z.enum(['up', 'down', 'off']),
  detail: z.string(),
  /** The Sur-Gard automation input, when on. */
  surgardPort: z.number().int().nullable(),
});
export type PanelReceiverDto = z.infer<typeof panelReceiverSchema>;

export const getPanelReceiver = defineEndpoint({
  method: 'GET',
  path: '/api/panels/receiver',
  summary: 'Adresse du récepteur DC-09 et préfixe de ligne de la société',
  tags: ['panels'],
  auth: true,
  response: panelReceiverSchema,
});

export const panelSignalOutcomes = [
  'alarm',
  'restore',
  'logbook',
  'supervision',
  'unknown',
  'test',
  'duplicate',
  'refused',
] as const;
export const panelSignalOutcomeLabels: Record<(typeof panelSignalOutcomes)[number], string> = {
  alarm: 'Alarme créée',
  restore: 'Rétablissement',
  logbook: 'Main courante',
  supervision: 'Supervision',
  unknown: 'Code inconnu',
  test: 'Mode test',
  duplicate: 'Répétition',
  refused: 'Refusé',
};

export const panelSignalSchema = z.object({
  id: z.number().int(),
  receivedAt: timestampSchema,
  transport: z.enum(['tcp', 'udp', 'surgard']),
  raw: z.string(),
  meaning: z.string(),
  answer: z.enum(['ACK', 'NAK', 'DUH', 'none']),
  outcome: z.enum(panelSignalOutcomes),
  alarmId: idSchema.nullable(),
});
export type PanelSignalDto = z.infer<typeof panelSignalSchema>;

export const listPanelSignals = defineEndpoint({
  method: 'GET',
  path: '/api/panels/:id/signals',
  summary: "Journal des signaux d'une centrale : trame reçue, signification, réponse, ce qu'elle a créé",
  tags: ['panels'],
  auth: true,
  params: idParams,
  query: listQuery,
  response: z.array(panelSignalSchema),
});
