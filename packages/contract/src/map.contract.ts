// The control room's live map (« Carte »): one read of everything drawn on it (sites by state, open
// alarms, agents on duty with the age of their position, radios with a position, running
// interventions and their tracks), refreshed through the event stream; and the operator's detailed
// PMTiles file, served with HTTP range requests.
import { z } from 'zod';
import { defineEndpoint, idSchema, timestampSchema } from './common';

const tags = ['map'];

/** A site's colour on the map: an open alarm wins over a running intervention, which wins over calm. */
export const mapSiteStates = ['alarm', 'intervention', 'calm'] as const;
export type MapSiteState = (typeof mapSiteStates)[number];
export const mapSiteStateLabels: Record<MapSiteState, string> = {
  alarm: 'Alarme en cours',
  intervention: 'Intervention en cours',
  calm: 'Calme',
};

/** An agent on duty: free, or busy with an intervention (from the interventions module). */
export const mapAgentStates = ['available', 'busy'] as const;
export type MapAgentState = (typeof mapAgentStates)[number];
export const mapAgentStateLabels: Record<MapAgentState, string> = {
  available: 'Disponible',
  busy: 'En intervention',
};

/** Where an agent's position came from: the phone (agent space, clock-in) or the radio. */
export const mapPositionSources = ['phone', 'radio'] as const;
export const mapPositionSourceLabels: Record<(typeof mapPositionSources)[number], string> = {
  phone: 'Téléphone',
  radio: 'Radio',
};

const lat = z.number();
const lng = z.number();

export const mapSiteSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string(),
  lat,
  lng,
  state: z.enum(mapSiteStates),
  openAlarms: z.number().int(),
  cameras: z.number().int(),
});
export type MapSite = z.infer<typeof mapSiteSchema>;

export const mapAlarmSchema = z.object({
  id: idSchema,
  title: z.string(),
  severity: z.enum(['low', 'medium', 'high', 'critical']),
  status: z.enum(['active', 'acknowledged']),
  siteId: idSchema,
  siteName: z.string(),
  /** The site's position (an alarm is drawn on its site). */
  lat,
  lng,
  triggeredAt: timestampSchema,
});
export type MapAlarm = z.infer<typeof mapAlarmSchema>;

export const mapAgentSchema = z.object({
  id: idSchema,
  name: z.string(),
  state: z.enum(mapAgentStates),
  /** The site of the shift in progress. */
  siteName: z.string().nullable(),
  lat,
  lng,
  accuracyM: z.number().nullable(),
  positionAt: timestampSchema,
  source: z.enum(mapPositionSources),
});
export type MapAgent = z.infer<typeof mapAgentSchema>;

export const mapRadioSchema = z.object({
  id: idSchema,
  serialNumber: z.string(),
  agentName: z.string().nullable(),
  lat,
  lng,
  positionAt: timestampSchema,
});
export type MapRadio = z.infer<typeof mapRadioSchema>;

export const mapInterventionSchema = z.object({
  id: idSchema,
  state: z.string(),
  stateLabel: z.string(),
  alarmId: idSchema.nullable(),
  alarmTitle: z.string().nullable(),
  siteId: idSchema,
  siteName: z.string(),
  agentId: idSchema,
  agentName: z.string(),
  /** When the agent accepted: the track starts there. */
  acceptedAt: timestampSchema.nullable(),
  /** 'warning' past the arrival target, 'alert' past 1.5 times it (until on site). */
  late: z.enum(['warning', 'alert']).nullable(),
  /** The agent's positions since acceptance, oldest first. */
  track: z.array(z.object({ lat, lng, at: timestampSchema })),
});
export type MapIntervention = z.infer<typeof mapInterventionSchema>;

export const mapOverviewSchema = z.object({
  generatedAt: timestampSchema,
  sites: z.array(mapSiteSchema),
  alarms: z.array(mapAlarmSchema),
  agents: z.array(mapAgentSchema),
  radios: z.array(mapRadioSchema),
  interventions: z.array(mapInterventionSchema),
  /** Whether the operator supplied a detailed map (MAP_TILES_FILE): then GET /api/map/tiles.pmtiles serves it. */
  detailedTiles: z.boolean(),
});
export type MapOverview = z.infer<typeof mapOverviewSchema>;

/** Positions older than this are drawn faded (« position ancienne »). */
export const mapStalePositionMs = 10 * 60_000;

export const getMapOverview = defineEndpoint({
  method: 'GET',
  path: '/api/map/overview',
  summary: 'Carte du centre de contrôle : sites, alarmes, agents, radios et interventions en un appel',
  tags,
  auth: true,
  response: mapOverviewSchema,
});

/**
 * The operator's detailed map (a PMTiles archive named by MAP_TILES_FILE), read by byte ranges:
 * 206 with Content-Range for `Range: bytes=a-b`, 200 with the whole file otherwise, 416 for a range
 * outside the file, 404 when no file is configured.
 */
export const MAP_TILES_PATH = '/api/map/tiles.pmtiles';
export const getMapTiles = defineEndpoint({
  method: 'GET',
  path: MAP_TILES_PATH,
  summary: 'Fond de carte détaillé (PMTiles) fourni par l’exploitant, lu par plages d’octets',
  tags,
  auth: true,
  response: z.custom<Uint8Array>((v) => v instanceof Uint8Array),
});
