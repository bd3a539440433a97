import { PTT_SOCKET_PATH, type PttServerMessage } from '@vigie/contract/radio-traffic.contract';
import { postPttTicket } from '../api/create-ptt-ticket';

/**
 * Opens the push-to-talk socket of a channel: a one-time ticket first (a browser cannot send the
 * bearer header on a WebSocket), then the socket on the same host. Audio arrives as ArrayBuffers.
 */
export async function openPttSocket(channelId: string): Promise<WebSocket> {
  const { ticket } = await postPttTicket(channelId);
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(
    `${scheme}://${window.location.host}${PTT_SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`,
  );
  socket.binaryType = 'arraybuffer';
  return socket;
}

/** A text frame of the server, or null when it is not one we know. */
export function parseServerMessage(data: string): PttServerMessage | null {
  try {
    const message: unknown = JSON.parse(data);
    if (message && typeof message === 'object' && 'type' in message && typeof message.type === 'string') {
      return message as PttServerMessage;
    }
  } catch {
    // Not JSON: ignored.
  }
  return null;
}
