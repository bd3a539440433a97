// The live video WebSocket: GET /api/cameras/live/socket?ticket=…. The ticket (one use, 30 s, one
// camera) and the session it was given to are checked before the upgrade. The socket then carries
// a text frame `{ type: 'init', codec }`, the init segment and the camera's fragments as binary
// frames (fragmented MP4 for the browser's Media Source Extensions), and `{ type: 'interrupted' }`
// before it closes when the stream stops: the page shows « Flux interrompu — reconnexion… » and
// comes back with a new ticket. While open, the socket is one of the instance's live sessions
// (lib/live-sessions.ts): closed at once on logout, a role change or the camera's deletion.
import { LIVE_SOCKET_PATH, type LiveServerMessage } from '@vigie/contract/camera-video.contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveCloseReason, LiveConnection } from '../../../lib/live-sessions';
import type { OneTimeTickets } from '../../../lib/one-time-tickets';
import type { AuthContext } from '../../../plugins/auth';
import { ticketDoor } from '../../../plugins/live-sessions';
import type { Fragment, InitSegment } from './fmp4';
import type { LiveGrant } from './live.service';
import type { VideoGateway } from './video-gateway';

const closeOf: Record<LiveCloseReason, [number, string]> = {
  session: [4401, 'Session terminée'],
  access: [4403, 'Caméra retirée'],
};
const CLOSE_GRACE_MS = 1000;
/** A viewer this far behind skips to the next keyframe rather than buffer without end. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

export async function registerLiveSocket(
  app: FastifyInstance,
  tickets: OneTimeTickets<LiveGrant>,
  gateway: VideoGateway,
  stillAllowed: (grant: LiveGrant) => Promise<boolean>,
) {
  const connectionOf = (grant: LiveGrant, ip: string, close: (reason: LiveCloseReason) => void) =>
    ({
      companyId: grant.companyId,
      userId: grant.userId,
      role: grant.role,
      tokenHash: grant.sessionHash,
      ip,
      tables: ['cameras'],
      stillAllowed: () => stillAllowed(grant),
      close,
    }) satisfies LiveConnection<AuthContext>;

  const door = ticketDoor(app, {
    redeem: (ticket) => tickets.redeem(ticket),
    connectionOf: (grant, ip) => connectionOf(grant, ip, () => {}),
    refusal: {
      detail: 'Ticket vidéo invalide ou expiré : rouvrez la vue de la caméra',
      code: 'cameras.live_ticket',
    },
    what: 'live video',
  });

  app.get(LIVE_SOCKET_PATH, { websocket: true, preValidation: door.preValidation }, (socket, request) => {
    const grant = door.grantOf(request);
    if (!grant) {
      socket.close(4401, 'ticket');
      return;
    }
    const text = (m: LiveServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
    };
    let open = true;
    let leaveStream = () => {};
    const end = (code: number, reason: string) => {
      if (!open) return;
      open = false;
      leaveStream();
      forget();
      socket.close(code, reason);
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    };
    const forget = app.liveSessions.add(connectionOf(grant, request.ip, (reason) => end(...closeOf[reason])));
    let upstream: ReturnType<VideoGateway['upstream']>;
    try {
      upstream = gateway.upstream(grant.companyId, grant.cameraId);
    } catch (err) {
      text({ type: 'error', detail: (err as Error).message });
      end(4503, 'indisponible');
      return;
    }
    /** After a skip (a slow viewer), nothing is sent until the next keyframe. */
    let waitKeyframe = false;
    leaveStream = upstream.add({
      init: (init: InitSegment) => {
        if (!init.codec?.startsWith('avc1')) {
          text({
            type: 'error',
            detail: `Codec vidéo non lu par le navigateur (${init.codec ?? 'inconnu'}) : activez le réencodage H.264 dans la fiche de la caméra`,
          });
          end(4415, 'codec');
          return;
        }
        text({ type: 'init', codec: init.codec });
        send(socket, init.bytes);
      },
      fragment: (f: Fragment) => {
        if (!open) return;
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) waitKeyframe = true;
        if (waitKeyframe && !f.keyframe) return;
        waitKeyframe = false;
        send(socket, f.bytes);
      },
      interrupted: () => {
        text({ type: 'interrupted' });
        end(4000, 'interrompu');
      },
    });
    // Ended while joining (an unreadable codec is known at once when the stream already runs).
    if (!open) leaveStream();
    // A viewer only receives: anything it sends ends the socket.
    socket.on('message', () => end(4400, 'message'));
    socket.on('close', () => {
      open = false;
      leaveStream();
      forget();
    });
    socket.on('error', () => socket.terminate());
  });
}

function send(socket: WebSocket, bytes: Buffer) {
  if (socket.readyState === socket.OPEN) socket.send(bytes, { binary: true });
}
