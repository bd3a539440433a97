// The alarm receiver inside the server process: the DC-09 listener (TCP and UDP on
// ALARM_RECEIVER_PORT, unless 'off') and the Sur-Gard input (SURGARD_PORT, off by default), both
// handing what they receive to the ingest; the panels' supervision pass. Started when the app is
// ready, stopped when it closes. A port that cannot be opened never stops the server: the receiver
// reports itself down (log, system health « Réception des alarmes », GET /api/panels/receiver) and
// everything else keeps serving — several instances on one machine must all start.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Dc09Listener, startDc09Listener } from '../receiver/dc09-listener';
import { type SurgardListener, startSurgardListener } from '../receiver/surgard-listener';
import { type ReceiverInfo, receiverOff } from '../receiver-state';
import { createPanelIngest, type PanelIngest } from './ingest.service';
import { registerPanelSupervision } from './supervision.jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ingest behind the receiver's sockets (tests hand it frames through sockets of their own). */
    panelIngest: PanelIngest;
    /** The ports the receiver's sockets are bound to (null: off or down), for tests that bind port 0. */
    panelReceiverPorts(): { tcp: number | null; udp: number | null; surgard: number | null };
  }
}

type Listeners = { dc09?: Dc09Listener; surgard?: SurgardListener; started: boolean };

/** What system health and the panels' screen say of the receiver (receiver-state.ts). */
export function receiverInfo(config: FastifyInstance['config'], l: Listeners): ReceiverInfo {
  const surgardPort = l.surgard?.port ?? null;
  const surgard = l.surgard?.state();
  const surgardNote = surgard ? ` ; ${surgard.detail}` : '';
  const surgardState = surgard?.state ?? 'off';
  if (config.alarmReceiverPort === 'off') {
    return { ...receiverOff, detail: `${receiverOff.detail}${surgardNote}`, surgardPort, surgardState };
  }
  if (!l.started || !l.dc09) {
    return {
      port: null,
      state: 'down',
      detail: 'Réception des alarmes en cours de démarrage',
      surgardPort,
      surgardState,
    };
  }
  const dc09 = l.dc09.state();
  return {
    port: dc09.state === 'up' ? l.dc09.tcpPort : null,
    state: dc09.state,
    detail: `${dc09.detail}${surgardNote}`,
    surgardPort,
    surgardState,
  };
}

async function runtime(app: FastifyInstance) {
  const ingest = createPanelIngest({
    db: app.db,
    secrets: app.secrets,
    log: app.log,
    surgardLinePrefix: app.config.surgardLinePrefix,
  });
  const listeners: Listeners = { started: false };
  app.decorate('panelIngest', ingest);
  app.decorate('panelReceiver', { info: () => receiverInfo(app.config, listeners) });
  app.decorate('panelReceiverPorts', () => ({
    tcp: listeners.dc09?.tcpPort ?? null,
    udp: listeners.dc09?.udpPort ?? null,
    surgard: listeners.surgard?.port ?? null,
  }));
  registerPanelSupervision(app);

  app.addHook('onReady', async () => {
    const { alarmReceiverPort, surgardPort, host } = app.config;
    // The listeners never throw: a port taken leaves them 'down' with the reason.
    if (alarmReceiverPort !== 'off') {
      listeners.dc09 = await startDc09Listener({
        port: alarmReceiverPort,
        host,
        log: app.log,
        limits: { maxConnectionsPerAddress: app.config.alarmReceiverConnectionsPerAddress },
        handleFrame: (bytes, meta) => ingest.handleFrame(bytes, meta),
      });
    }
    if (surgardPort !== 'off') {
      listeners.surgard = await startSurgardListener({
        port: surgardPort,
        host,
        log: app.log,
        handleLine: (line, meta) => ingest.handleSurgardLine(line, meta),
      });
    }
    listeners.started = true;
  });
  app.addHook('onClose', async () => {
    await Promise.all([listeners.dc09?.close(), listeners.surgard?.close()]);
  });
}

/** Registered in app.ts's module list; fastify-plugin: its decorations are the whole app's. */
export const panelReceiverRuntime = fp(runtime, { name: 'panel-receiver' });
