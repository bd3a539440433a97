// PTZ cameras moved through ONVIF: the server speaks to the camera (its credentials and network
// address never reach the browser); the browser only names a direction or a preset.
import { z } from 'zod';
import { defineEndpoint, idParams, idSchema, noContent } from './common';

export const ptzDirections = ['left', 'right', 'up', 'down', 'zoom_in', 'zoom_out'] as const;
export type PtzDirection = (typeof ptzDirections)[number];

/** French names of the directions, for buttons and screen readers. */
export const ptzDirectionLabels: Record<PtzDirection, string> = {
  left: 'Tourner à gauche',
  right: 'Tourner à droite',
  up: 'Incliner vers le haut',
  down: 'Incliner vers le bas',
  zoom_in: 'Zoomer',
  zoom_out: 'Dézoomer',
};

export const PTZ_MOVE_MIN_MS = 100;
export const PTZ_MOVE_MAX_MS = 2000;
export const PTZ_MOVE_DEFAULT_MS = 500;

export const ptzMoveBody = z
  .object({
    direction: z.enum(ptzDirections, {
      error: 'Direction invalide (left, right, up, down, zoom_in ou zoom_out)',
    }),
    durationMs: z
      .number({ error: 'Durée du mouvement invalide (nombre de millisecondes)' })
      .int({ error: 'Durée du mouvement invalide (nombre entier de millisecondes)' })
      .min(PTZ_MOVE_MIN_MS, { error: `La durée du mouvement doit être d'au moins ${PTZ_MOVE_MIN_MS} ms` })
      .max(PTZ_MOVE_MAX_MS, { error: `La durée du mouvement ne doit pas dépasser ${PTZ_MOVE_MAX_MS} ms` })
      .default(PTZ_MOVE_DEFAULT_MS),
  })
  .strict();
export type PtzMoveBody = z.input<typeof ptzMoveBody>;

/**
 * A preset's token as the camera names it. Only these characters travel to the camera: the token
 * is written into the SOAP message, so nothing in it may read as XML.
 */
export const ptzPresetTokenSchema = z
  .string({ error: 'Le préréglage est obligatoire' })
  .min(1, { error: 'Le préréglage est obligatoire' })
  .max(64, { error: 'Le préréglage ne doit pas dépasser 64 caractères' })
  .regex(/^[A-Za-z0-9_.-]+$/, {
    error: 'Préréglage invalide (lettres sans accent, chiffres, tiret, point ou souligné)',
  });

export const ptzPresetParams = z.object({ id: idSchema, token: ptzPresetTokenSchema });

export const ptzPresetSchema = z.object({ token: z.string(), name: z.string() });
export type PtzPreset = z.infer<typeof ptzPresetSchema>;

export const moveCameraPtz = defineEndpoint({
  method: 'POST',
  path: '/api/cameras/:id/ptz/move',
  summary: 'Orienter ou zoomer une caméra PTZ (mouvement continu pendant la durée, puis arrêt) par ONVIF',
  tags: ['cameras'],
  auth: true,
  status: 204,
  params: idParams,
  body: ptzMoveBody,
  response: noContent,
});

export const listCameraPtzPresets = defineEndpoint({
  method: 'GET',
  path: '/api/cameras/:id/ptz/presets',
  summary: "Préréglages d'une caméra PTZ, lus sur la caméra par ONVIF",
  tags: ['cameras'],
  auth: true,
  params: idParams,
  response: z.array(ptzPresetSchema),
});

export const gotoCameraPtzPreset = defineEndpoint({
  method: 'POST',
  path: '/api/cameras/:id/ptz/presets/:token/goto',
  summary: 'Amener une caméra PTZ sur un de ses préréglages par ONVIF',
  tags: ['cameras'],
  auth: true,
  status: 204,
  params: ptzPresetParams,
  response: noContent,
});
