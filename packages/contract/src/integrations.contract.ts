import { z } from 'zod';
import { alarmSchema, createAlarmBody } from './alarms.contract';
import { defineEndpoint, idParams, idSchema, noContent, requiredText, timestampSchema } from './common';

/** A company integration key as listed: the secret itself is never sent back after creation. */
export const integrationKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** First characters of the key, to recognise it in the list. */
  prefix: z.string(),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
});
export type IntegrationKey = z.infer<typeof integrationKeySchema>;

export const createdIntegrationKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Shown once: only its hash is stored. */
  key: z.string(),
});

export const createIntegrationKeyBody = z.object({ name: requiredText('Le nom de la clé', 100) });

export const listIntegrationKeys = defineEndpoint({
  method: 'GET',
  path: '/api/integrations/keys',
  summary: "Clés d'intégration actives de la société (administrateurs)",
  tags: ['integrations'],
  auth: true,
  response: z.array(integrationKeySchema),
});

export const createIntegrationKey = defineEndpoint({
  method: 'POST',
  path: '/api/integrations/keys',
  summary: "Créer une clé d'intégration pour une centrale d'alarme (la clé n'est affichée qu'une fois)",
  tags: ['integrations'],
  auth: true,
  status: 201,
  body: createIntegrationKeyBody,
  response: createdIntegrationKeySchema,
});

export const revokeIntegrationKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/integrations/keys/:id',
  summary: "Révoquer une clé d'intégration",
  tags: ['integrations'],
  auth: true,
  status: 204,
  params: idParams,
  response: noContent,
});

/**
 * Alarm panels and receiving centres post here with `X-Api-Key: <key>` instead of a session; same
 * body, rules and answer as POST /api/alarms.
 */
export const ingestAlarm = defineEndpoint({
  method: 'POST',
  path: '/api/integrations/alarms',
  summary: 'Déclencher une alarme depuis une centrale (en-tête X-Api-Key)',
  tags: ['integrations'],
  auth: false,
  apiKey: true,
  status: 201,
  body: createAlarmBody,
  response: alarmSchema,
});

/**
 * An alarm panel's heartbeat (signal de vie): a key is a panel. `sentAt` is the panel's own clock,
 * optional; the answer gives its drift so that an installer sees a panel whose clock is wrong.
 */
export const panelHeartbeatBody = z.object({
  sentAt: z.iso
    .datetime({ offset: true, error: "L'heure de la centrale doit être une date ISO 8601 avec fuseau" })
    .optional(),
});
export const panelHeartbeatSchema = z.object({
  ok: z.literal(true),
  receivedAt: timestampSchema,
  /** Panel clock minus server clock, in seconds; null when the panel sent no time. */
  clockSkewSeconds: z.number().int().nullable(),
});

/** Panels post here every few seconds to a few minutes; the dashboard's « Alarmes » health reads it. */
export const panelHeartbeat = defineEndpoint({
  method: 'POST',
  path: '/api/integrations/heartbeat',
  summary: "Signal de vie d'une centrale d'alarme (en-tête X-Api-Key)",
  tags: ['integrations'],
  auth: false,
  apiKey: true,
  body: panelHeartbeatBody,
  response: panelHeartbeatSchema,
});
