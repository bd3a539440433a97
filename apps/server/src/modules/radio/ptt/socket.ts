// The push-to-talk WebSocket: GET /api/radio/ptt/socket?ticket=…. The ticket (one use, 30 s) is
// checked before the upgrade, so a socket without one never opens. Text frames carry the protocol
// (PttClientMessage), binary frames the audio of the speaker.
import fastifyWebsocket from '@fastify/websocket';
import {
  MAX_AUDIO_BYTES,
  PTT_SOCKET_PATH,
  type PttClientMessage,
} from '@vigie/contract/radio-traffic.contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import type { PttPeer, PttRelay } from './relay';
import type { PttIdentity, PttTickets } from './tickets';

function parse(text: string): PttClientMessage | undefined {
  try {
    const m = JSON.parse(text) as { type?: unknown; mimeType?: unknown };
    if (m.type === 'talk-start' && typeof m.mimeType === 'string' && m.mimeType.length < 100)
      return { type: 'talk-start', mimeType: m.mimeType };
    if (m.type === 'talk-end') return { type: 'talk-end' };
  } catch {
    // not JSON: ignored
  }
  return undefined;
}

export async function registerPttSocket(app: FastifyInstance, tickets: PttTickets, relay: PttRelay) {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_AUDIO_BYTES } });
  const identities = new WeakMap<FastifyRequest, PttIdentity>();
  app.get(
    PTT_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const identity = tickets.redeem((request.query as { ticket?: unknown }).ticket);
        if (!identity) {
          return reply.code(401).send({
            detail: 'Ticket push-to-talk invalide ou expiré : rouvrez le canal',
            code: 'radio.ptt_ticket',
          });
        }
        identities.set(request, identity);
      },
    },
    (socket, request) => {
      const identity = identities.get(request);
      if (!identity) {
        socket.close(4401, 'ticket');
        return;
      }
      const peer: PttPeer = {
        identity,
        sendText: (m) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
        },
        sendBinary: (data) => {
          if (socket.readyState === socket.OPEN) socket.send(data, { binary: true });
        },
      };
      relay.join(peer);
      socket.on('message', (data: RawData, isBinary: boolean) => {
        const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        if (isBinary) {
          relay.audio(peer, buf);
          return;
        }
        const m = parse(buf.toString('utf8'));
        if (m?.type === 'talk-start') relay.talkStart(peer, m.mimeType);
        else if (m?.type === 'talk-end') relay.talkEnd(peer);
      });
      socket.on('close', () => relay.leave(peer));
      socket.on('error', () => relay.leave(peer));
    },
  );
}
