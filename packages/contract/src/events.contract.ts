import { z } from 'zod';
import { defineEndpoint } from './common';

/** Company events pushed over Server-Sent Events. */
export const realtimeEventTypes = [
  'alarm.created',
  'alarm.updated',
  'alarm.escalated',
  'camera.status',
  'agent.changed',
  'shift.changed',
  'notification.created',
  'access.logged',
  'access.changed',
  'radio.changed',
  'radio.communication',
  'radio.alert',
  'report.changed',
  'tour.changed',
  'tour.alert',
  'logbook.created',
  'lone_worker.alert',
  'panel.changed',
  'site.changed',
  'intervention.changed',
  'agent.position',
  'radio.position',
] as const;
export type RealtimeEventType = (typeof realtimeEventTypes)[number];

/** `data:` of one SSE message; its `id:` is the event id, its `event:` the type. */
export const realtimeEventSchema = z.object({
  type: z.string(),
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/**
 * `text/event-stream` of the caller's company. Authenticated by the bearer header like every call,
 * so the browser reads it with `fetch` and a stream reader (EventSource cannot send the header).
 * A client that reconnects sends `Last-Event-ID` (or `?lastEventId=`) and first receives what it
 * missed within the last hour. Once attached (after that replay), the stream sends a `ready` frame
 * whose `id:` is where to resume from and whose `data.resync` is true when the client should read its
 * screens again (a fresh stream, or a replay cut short): events from there on all reach it. A comment
 * line (`: ping`) every 15 s keeps proxies from closing it.
 */
export const streamEvents = defineEndpoint({
  method: 'GET',
  path: '/api/events',
  summary: 'Flux temps réel (Server-Sent Events) des événements de la société',
  tags: ['events'],
  auth: true,
  streaming: true,
  query: z.object({
    lastEventId: z
      .string()
      .regex(/^\d{1,18}$/, { error: "Identifiant d'événement invalide" })
      .optional(),
  }),
  response: z.string(),
});
