// The push-to-talk WebSocket: GET /api/radio/ptt/socket?ticket=…. The ticket (one use, 30 s) and the
// session it was given to are checked before the upgrade, so a socket without them never opens.
// Text frames carry the protocol (PttClientMessage), binary frames the audio of the speaker.
// While open, the socket is one of the instance's live sessions (plugins/live-sessions.ts): closed
// at once when its user logs out, is deleted or changes role, or leaves the channel (the channel's
// events and the agents' changes, on any instance), and re-checked at least every
// LIVE_SESSION_RECHECK_MS whatever happens.
import { PTT_SOCKET_PATH, type PttClientMessage } from '@vigie/contract/radio-traffic.contract';
import type { FastifyInstance } from 'fastify';
import type { RawData } from 'ws';
import type { LiveCloseReason, LiveConnection } from '../../../lib/live-sessions';
import type { AuthContext } from '../../../plugins/auth';
import { ticketDoor } from '../../../plugins/live-sessions';
import { EVENTS_CHANNEL } from '../../events/events.sql';
import type { PttPeer, PttRelay } from './relay';
import type { PttGrant, PttIdentity, PttTickets } from './tickets';

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

/** Close codes and reasons (shown to the user: « Connexion au canal perdue (…) »). */
const closeOf: Record<LiveCloseReason, [number, string]> = {
  session: [4401, 'Session terminée'],
  access: [4403, 'Accès au canal retiré'],
};
/** A socket that does not answer the close handshake is cut after this. */
const CLOSE_GRACE_MS = 1000;

/** Changes of a channel (members, deletion) arrive as this company event (channels/channels.service.ts). */
const CHANNEL_EVENT = 'radio.changed';

export async function registerPttSocket(
  app: FastifyInstance,
  tickets: PttTickets,
  relay: PttRelay,
  stillAllowed: (identity: PttIdentity) => Promise<boolean>,
) {
  /** The channel of each open socket's live connection. */
  const channelOf = new WeakMap<LiveConnection<AuthContext>, string>();

  const connectionOf = (grant: PttGrant, ip: string, close: (reason: LiveCloseReason) => void) => {
    const { identity } = grant;
    const conn: LiveConnection<AuthContext> = {
      companyId: identity.companyId,
      userId: identity.userId,
      role: identity.role,
      tokenHash: grant.sessionHash,
      ip,
      // An agent's record links the user to the channel's members.
      tables: ['agents'],
      stillAllowed: () => stillAllowed(identity),
      close,
    };
    channelOf.set(conn, identity.channelId);
    return conn;
  };

  // The session the ticket was given to may have ended since (logout within the 30 s).
  const door = ticketDoor(app, {
    redeem: (ticket) => tickets.redeem(ticket),
    connectionOf: (grant, ip) => connectionOf(grant, ip, () => {}),
    refusal: {
      detail: 'Ticket push-to-talk invalide ou expiré : rouvrez le canal',
      code: 'radio.ptt_ticket',
    },
    what: 'push-to-talk',
  });

  // A channel changed on any instance (members replaced, deleted): its sockets are re-checked now.
  const unlisten = await app.db.listen(EVENTS_CHANNEL, (text) => {
    if (!text.includes(CHANNEL_EVENT)) return;
    let n: { c?: string; t?: string; p?: { kind?: string; id?: string } | null };
    try {
      n = JSON.parse(text);
    } catch {
      return;
    }
    if (n.t !== CHANNEL_EVENT || !n.c) return;
    const channelId = n.p?.kind === 'channel' ? n.p.id : undefined;
    // Without the payload (too large to ride along), every socket of the company.
    app.liveSessions.recheck(n.c, (c) =>
      channelOf.has(c) ? n.p == null || channelOf.get(c) === channelId : false,
    );
  });
  app.addHook('onClose', async () => unlisten());

  app.get(PTT_SOCKET_PATH, { websocket: true, preValidation: door.preValidation }, (socket, request) => {
    const grant = door.grantOf(request);
    if (!grant) {
      socket.close(4401, 'ticket');
      return;
    }
    const { identity } = grant;
    /** False once closed: nothing more is relayed from or to this socket. */
    let open = true;
    const peer: PttPeer = {
      identity,
      sendText: (m) => {
        if (open && socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
      },
      sendBinary: (data) => {
        if (open && socket.readyState === socket.OPEN) socket.send(data, { binary: true });
      },
    };
    const forget = app.liveSessions.add(
      connectionOf(grant, request.ip, (reason) => {
        // At once: out of the channel, then the close handshake, cut if the client stalls it.
        open = false;
        relay.leave(peer);
        const [code, text] = closeOf[reason];
        socket.close(code, text);
        setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
      }),
    );
    relay.join(peer);
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (!open) return;
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (isBinary) {
        relay.audio(peer, buf);
        return;
      }
      const m = parse(buf.toString('utf8'));
      if (m?.type === 'talk-start') relay.talkStart(peer, m.mimeType);
      else if (m?.type === 'talk-end') relay.talkEnd(peer);
    });
    const leave = () => {
      open = false;
      forget();
      relay.leave(peer);
    };
    socket.on('close', leave);
    socket.on('error', leave);
  });
}
