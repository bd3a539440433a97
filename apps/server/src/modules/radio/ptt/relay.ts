// The push-to-talk relay of one instance: per channel, the browsers listening and the one speaker.
// Audio chunks (Opus in WebM or Ogg, from MediaRecorder) are forwarded to every other listener as
// they arrive and kept to store the transmission when it ends. One speaker at a time ('Canal
// occupé'); on an emergency-priority channel a new speaker pre-empts the current one.
import { randomUUID } from 'node:crypto';
import {
  MAX_AUDIO_BYTES,
  PTT_MAX_TRANSMISSION_MS,
  type PttServerMessage,
} from '@vigie/contract/radio-traffic.contract';
import type { PttIdentity } from './tickets';

export interface PttPeer {
  identity: PttIdentity;
  sendText(message: PttServerMessage): void;
  sendBinary(data: Buffer): void;
}

export interface FinishedTransmission {
  identity: PttIdentity;
  startedAt: Date;
  durationMs: number;
  mimeType: string;
  data: Buffer;
}

interface Transmission {
  id: string;
  speaker: PttPeer;
  startedAt: Date;
  mimeType: string;
  chunks: Buffer[];
  bytes: number;
  timer: NodeJS.Timeout;
}

interface ChannelState {
  peers: Set<PttPeer>;
  on: Transmission | null;
}

const EMERGENCY_PRIORITY = 2;
const allowedMime = /^audio\/(webm|ogg)(;\s*codecs="?opus"?)?$/i;

export class PttRelay {
  private readonly channels = new Map<string, ChannelState>();

  /** `store` keeps a finished transmission and answers its communication id. */
  constructor(private readonly store: (t: FinishedTransmission) => Promise<string | null>) {}

  private key = (identity: PttIdentity) => `${identity.companyId}:${identity.channelId}`;

  join(peer: PttPeer) {
    const key = this.key(peer.identity);
    let state = this.channels.get(key);
    if (!state) {
      state = { peers: new Set(), on: null };
      this.channels.set(key, state);
    }
    state.peers.add(peer);
    peer.sendText({
      type: 'joined',
      channelId: peer.identity.channelId,
      channelName: peer.identity.channelName,
      priority: peer.identity.priority,
      speaker: state.on?.speaker.identity.name ?? null,
    });
  }

  talkStart(peer: PttPeer, mimeType: string) {
    const state = this.channels.get(this.key(peer.identity));
    if (!state) return;
    if (!allowedMime.test(mimeType)) {
      peer.sendText({
        type: 'error',
        message: 'Format audio non pris en charge : Opus (WebM ou Ogg) attendu',
      });
      return;
    }
    if (state.on && state.on.speaker !== peer) {
      if (peer.identity.priority < EMERGENCY_PRIORITY) {
        peer.sendText({
          type: 'busy',
          speaker: state.on.speaker.identity.name,
          message: `Canal occupé : ${state.on.speaker.identity.name} parle`,
        });
        return;
      }
      const cut = state.on.speaker;
      void this.finish(state);
      cut.sendText({
        type: 'preempted',
        message: 'Transmission interrompue : canal d’urgence, priorité à un autre agent',
      });
    }
    if (state.on) return; // the same speaker asked twice
    const id = randomUUID();
    state.on = {
      id,
      speaker: peer,
      startedAt: new Date(),
      mimeType,
      chunks: [],
      bytes: 0,
      timer: setTimeout(() => void this.finish(state), PTT_MAX_TRANSMISSION_MS),
    };
    peer.sendText({ type: 'granted', transmissionId: id });
    for (const p of state.peers)
      if (p !== peer)
        p.sendText({ type: 'speaker-start', transmissionId: id, speaker: peer.identity.name, mimeType });
  }

  audio(peer: PttPeer, data: Buffer) {
    const state = this.channels.get(this.key(peer.identity));
    const on = state?.on;
    if (!state || !on || on.speaker !== peer) return;
    if (on.bytes + data.length > MAX_AUDIO_BYTES) {
      void this.finish(state);
      return;
    }
    on.chunks.push(data);
    on.bytes += data.length;
    for (const p of state.peers) if (p !== peer) p.sendBinary(data);
  }

  talkEnd(peer: PttPeer) {
    const state = this.channels.get(this.key(peer.identity));
    if (state?.on?.speaker === peer) void this.finish(state);
  }

  leave(peer: PttPeer) {
    const key = this.key(peer.identity);
    const state = this.channels.get(key);
    if (!state) return;
    if (state.on?.speaker === peer) void this.finish(state);
    state.peers.delete(peer);
    if (state.peers.size === 0 && !state.on) this.channels.delete(key);
  }

  /** Browsers listening to a channel on this instance. */
  listeners(companyId: string, channelId: string) {
    return this.channels.get(`${companyId}:${channelId}`)?.peers.size ?? 0;
  }

  private async finish(state: ChannelState) {
    const on = state.on;
    if (!on) return;
    state.on = null;
    clearTimeout(on.timer);
    let communicationId: string | null = null;
    if (on.bytes > 0) {
      communicationId = await this.store({
        identity: on.speaker.identity,
        startedAt: on.startedAt,
        durationMs: Date.now() - on.startedAt.getTime(),
        mimeType: on.mimeType,
        data: Buffer.concat(on.chunks),
      }).catch(() => null);
    }
    for (const p of state.peers) p.sendText({ type: 'speaker-end', transmissionId: on.id, communicationId });
  }
}
