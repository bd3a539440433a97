import { z } from 'zod';
import {
  clientRefSchema,
  defineEndpoint,
  hasNoNul,
  idParams,
  idSchema,
  listQuery,
  noContent,
  nulMessage,
  timestampSchema,
} from './common';

/** Categories of a main courante entry. */
export const logbookCategories = [
  'ronde',
  'incident',
  'passage',
  'consigne',
  'relève',
  'appel',
  'intervention',
  'autre',
] as const;
export type LogbookCategory = (typeof logbookCategories)[number];
export const logbookCategoryLabels: Record<LogbookCategory, string> = {
  ronde: 'Ronde',
  incident: 'Incident',
  passage: 'Passage',
  consigne: 'Consigne',
  relève: 'Relève',
  appel: 'Appel',
  intervention: 'Intervention',
  autre: 'Autre',
};

/** Limits of an entry: its text, its photos (phone camera pictures, re-encoded by the server). */
export const maxLogbookText = 4000;
export const maxLogbookPhotos = 4;
/** A phone picture resized by the page before sending (1280 px, JPEG): 300 KB at most. */
export const maxLogbookPhotoBytes = 300 * 1024;
export const maxLogbookPhotoChars = Math.ceil(maxLogbookPhotoBytes / 3) * 4 + 100;
/** An event's time may be ahead of the server's clock by this much (a phone's clock drift). */
export const logbookFutureToleranceMs = 5 * 60 * 1000;

export const logbookEntrySchema = z.object({
  id: idSchema,
  siteId: idSchema,
  siteName: z.string(),
  number: z.number().int(),
  occurredAt: timestampSchema,
  category: z.enum(logbookCategories),
  text: z.string(),
  photos: z.array(z.object({ id: idSchema, url: z.string() })),
  author: z.object({ userId: idSchema.nullable(), name: z.string() }),
  shiftId: idSchema.nullable(),
  correctsId: idSchema.nullable(),
  source: z.enum(['user', 'system']),
  hash: z.string(),
  prevHash: z.string(),
  createdAt: timestampSchema,
  /** The entries correcting this one, oldest first (a correction is a new entry). */
  corrections: z.array(
    z.object({
      id: idSchema,
      number: z.number().int(),
      occurredAt: timestampSchema,
      text: z.string(),
      author: z.object({ userId: idSchema.nullable(), name: z.string() }),
      createdAt: timestampSchema,
    }),
  ),
});
export type LogbookEntry = z.infer<typeof logbookEntrySchema>;

const siteIdSchema = z.uuid({ error: 'Veuillez sélectionner un site' });

export const listLogbookQuery = listQuery.extend({
  siteId: siteIdSchema,
  from: timestampSchema.optional(),
  to: timestampSchema.optional(),
});

export const createLogbookEntryBody = z.object({
  siteId: siteIdSchema,
  occurredAt: z.iso.datetime({ offset: true, error: "L'heure de l'événement est invalide" }).optional(),
  category: z.enum(logbookCategories, {
    error: 'Catégorie invalide (ronde, incident, passage, consigne, relève, appel, intervention ou autre)',
  }),
  text: z
    .string({ error: 'Le texte est obligatoire' })
    .trim()
    .min(1, { error: 'Le texte est obligatoire' })
    .max(maxLogbookText, { error: `Le texte ne doit pas dépasser ${maxLogbookText} caractères` })
    .refine(hasNoNul, { error: nulMessage('Le texte') }),
  photos: z
    .array(
      z
        .string({ error: 'Une photo doit être une image encodée en base64' })
        .max(maxLogbookPhotoChars, { error: 'La photo ne doit pas dépasser 300 Ko' }),
      { error: 'Les photos doivent être une liste' },
    )
    .max(maxLogbookPhotos, { error: `${maxLogbookPhotos} photos au plus par entrée` })
    .default([]),
  correctsId: idSchema.nullish(),
  /** Replay key: the same entry sent again answers the first one (201, same number), no new entry. */
  clientRef: clientRefSchema.optional(),
});

export const verifyLogbookAnswer = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  firstBrokenNumber: z.number().int().optional(),
});

const tags = ['logbook'];

export const listLogbook = defineEndpoint({
  method: 'GET',
  path: '/api/logbook',
  summary: "Main courante d'un site, de l'entrée la plus récente (numéro le plus grand) à la plus ancienne",
  tags,
  auth: true,
  query: listLogbookQuery,
  response: z.array(logbookEntrySchema),
});
export const createLogbookEntry = defineEndpoint({
  method: 'POST',
  path: '/api/logbook',
  summary:
    'Écrire une entrée de main courante (ou la correction d’une entrée) ; renvoyée avec le même clientRef, répond l’entrée déjà écrite (201) sans en écrire une autre',
  tags,
  auth: true,
  status: 201,
  body: createLogbookEntryBody,
  response: logbookEntrySchema,
});
export const verifyLogbook = defineEndpoint({
  method: 'GET',
  path: '/api/logbook/verify',
  summary: "Vérifier l'intégrité de la chaîne des entrées d'un site",
  tags,
  auth: true,
  query: z.object({ siteId: siteIdSchema }),
  response: verifyLogbookAnswer,
});
export const logbookHandover = defineEndpoint({
  method: 'GET',
  path: '/api/logbook/handover',
  summary: 'La dernière relève du site (à lire en prenant le service)',
  tags,
  auth: true,
  query: z.object({ siteId: siteIdSchema }),
  response: logbookEntrySchema.nullable(),
});
export const getLogbookEntry = defineEndpoint({
  method: 'GET',
  path: '/api/logbook/:id',
  summary: 'Une entrée de main courante, avec ses corrections',
  tags,
  auth: true,
  params: idParams,
  response: logbookEntrySchema,
});
export const getLogbookPhoto = defineEndpoint({
  method: 'GET',
  path: '/api/logbook/photos/:id',
  summary: "Une photo d'une entrée de main courante",
  tags,
  auth: true,
  params: idParams,
  response: z.any(),
});

/**
 * The register is append-only: an edit or a removal of an entry answers 405 (404 for an id that is
 * not the company's), with the way to correct: a new entry linked to it (`correctsId`).
 */
const refused = (method: 'PATCH' | 'PUT' | 'DELETE') =>
  defineEndpoint({
    method,
    path: '/api/logbook/:id',
    summary:
      'Refusé (405) : une entrée de main courante ne se modifie pas et ne se supprime pas, on écrit une correction',
    tags,
    auth: true,
    params: idParams,
    response: noContent,
    status: 204,
  });
export const patchLogbookEntry = refused('PATCH');
export const putLogbookEntry = refused('PUT');
export const deleteLogbookEntry = refused('DELETE');
