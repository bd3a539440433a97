import type { PttClientMessage, PttServerMessage } from '@vigie/contract/radio-traffic.contract';
import { t } from '../../../lib/i18n/i18n';
import { openPttSocket, parseServerMessage } from './ptt-socket';

const JOIN_TIMEOUT_MS = 10_000;

/** A failure whose message is meant for the user, already in their language. */
export class PttFailure extends Error {}

type PttChannelEvents = {
  /** A text frame of the server, 'joined' included (an 'error' before it rejects the join instead). */
  onMessage: (message: PttServerMessage) => void;
  /** A chunk of someone else's transmission. */
  onAudio: (chunk: ArrayBuffer) => void;
  /** The socket closed without `close()`: lost, or refused by the server. */
  onClose: (event: CloseEvent) => void;
};

/**
 * The transport of push-to-talk: the channel's socket, joined (or refused) within 10 s, then the
 * server's messages and the others' audio in, our messages and chunks out. Events of a socket
 * closed by `close()` are ignored.
 */
export class PttChannel {
  private socket: WebSocket | null = null;
  private readonly channelId: string;
  private readonly events: PttChannelEvents;

  constructor(channelId: string, events: PttChannelEvents) {
    this.channelId = channelId;
    this.events = events;
  }

  /** Opens the socket and waits for 'joined'; `stillWanted` says whether the user left meanwhile. */
  async join(stillWanted: () => boolean) {
    const socket = await openPttSocket(this.channelId);
    if (!stillWanted()) {
      socket.close(1000);
      throw new PttFailure(t('Canal quitté'));
    }
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(
        () => settle(new PttFailure(t('Le canal ne répond pas. Réessayez dans un instant.'))),
        JOIN_TIMEOUT_MS,
      );
      socket.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (socket !== this.socket) return;
        if (event.data instanceof ArrayBuffer) {
          this.events.onAudio(event.data);
          return;
        }
        if (typeof event.data !== 'string') return;
        const message = parseServerMessage(event.data);
        if (!message) return;
        if (message.type === 'joined') settle();
        if (message.type === 'error' && !settled) {
          settle(new PttFailure(message.message));
          return;
        }
        this.events.onMessage(message);
      });
      socket.addEventListener('close', (event) => {
        settle(new PttFailure(event.reason || t('Connexion au canal impossible')));
        if (socket !== this.socket) return;
        this.socket = null;
        this.events.onClose(event);
      });
    });
  }

  send(message: PttClientMessage) {
    this.sendRaw(JSON.stringify(message));
  }

  /** Sends while the socket is open; drops the data otherwise. */
  sendRaw(data: string | ArrayBuffer) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(data);
  }

  close() {
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000);
  }
}
