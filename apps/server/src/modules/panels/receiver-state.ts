// What the alarm receiver says of itself, read by the panels API (GET /api/panels/receiver) and by
// system health. The receiver's runtime decorates the app with `panelReceiver`; without it (tests
// that do not start it, ALARM_RECEIVER_PORT=off) the answer is "off".
import type { FastifyInstance } from 'fastify';

export interface ReceiverInfo {
  /** The DC-09 port actually bound (TCP and UDP), or null when off or down. */
  port: number | null;
  state: 'up' | 'down' | 'off';
  /** French, for the screen and system health: « En écoute sur le port 12000 (TCP et UDP) »… */
  detail: string;
  /** The Sur-Gard input's port when it listens, else null. */
  surgardPort: number | null;
  /** The Sur-Gard input's own state (SURGARD_PORT): system health is « Dégradé » when it alone is down. */
  surgardState?: 'up' | 'down' | 'off';
}

export interface PanelReceiverHandle {
  info(): ReceiverInfo;
}

declare module 'fastify' {
  interface FastifyInstance {
    panelReceiver?: PanelReceiverHandle;
  }
}

export const receiverOff: ReceiverInfo = {
  port: null,
  state: 'off',
  detail: 'Réception des alarmes désactivée (ALARM_RECEIVER_PORT=off)',
  surgardPort: null,
};

export const receiverInfoOf = (app: FastifyInstance): ReceiverInfo =>
  app.panelReceiver?.info() ?? receiverOff;
